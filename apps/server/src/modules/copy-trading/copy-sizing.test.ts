/** Copy sizing in the three modes and the profit share on a high-water mark across days. */
import { describe, expect, it } from 'vitest';
import { copyLots, profitShare } from './copy-sizing';

const USDT = (n: string) => BigInt(Math.round(Number(n) * 100)) * 1_000_000n;
// One lot of 0.001 BTC at 50,000 is worth 50 USDT.
const base = { leverage: 10, lotValue: USDT('50'), lotSize: '0.001' } as const;

describe('copy sizing', () => {
  it('a fixed margin per order opens margin x leverage at the fill price', () => {
    // 100 USDT x 10 = 1,000 USDT = 20 lots of 0.001 BTC at 50,000.
    const lots = copyLots({
      ...base,
      mode: 'margin',
      size: '100',
      leadOpenedLots: 100,
      leadOrderLots: 100,
    });
    expect(lots).toBe(20);
    // Half the lead's order filled: half the follower's order.
    expect(
      copyLots({ ...base, mode: 'margin', size: '100', leadOpenedLots: 50, leadOrderLots: 100 }),
    ).toBe(10);
    // Leverage scales it; a margin too small for one lot copies nothing.
    expect(
      copyLots({
        ...base,
        leverage: 20,
        mode: 'margin',
        size: '100',
        leadOpenedLots: 1,
        leadOrderLots: 1,
      }),
    ).toBe(40);
    expect(
      copyLots({ ...base, mode: 'margin', size: '4', leadOpenedLots: 1, leadOrderLots: 1 }),
    ).toBe(0);
  });

  it('a multiplier copies the lead size times it, rounded down to a lot', () => {
    expect(
      copyLots({
        ...base,
        mode: 'multiplier',
        size: '0.5',
        leadOpenedLots: 100,
        leadOrderLots: 100,
      }),
    ).toBe(50);
    expect(
      copyLots({ ...base, mode: 'multiplier', size: '2', leadOpenedLots: 7, leadOrderLots: 7 }),
    ).toBe(14);
    expect(
      copyLots({ ...base, mode: 'multiplier', size: '0.3', leadOpenedLots: 5, leadOrderLots: 5 }),
    ).toBe(1);
  });

  it('a fixed quantity copies that quantity per lead order, whatever the lead size', () => {
    expect(
      copyLots({
        ...base,
        mode: 'quantity',
        size: '0.03',
        leadOpenedLots: 100,
        leadOrderLots: 100,
      }),
    ).toBe(30);
    expect(
      copyLots({
        ...base,
        mode: 'quantity',
        size: '0.03',
        leadOpenedLots: 1000,
        leadOrderLots: 1000,
      }),
    ).toBe(30);
    expect(
      copyLots({ ...base, mode: 'quantity', size: '0.0305', leadOpenedLots: 2, leadOrderLots: 2 }),
    ).toBe(30);
    // A partial fill of the lead's order copies its share.
    expect(
      copyLots({ ...base, mode: 'quantity', size: '0.03', leadOpenedLots: 1, leadOrderLots: 3 }),
    ).toBe(10);
  });
});

describe('profit share on a high-water mark', () => {
  it('pays only on new highs: a profit day, a loss day, a recovery day, a new high', () => {
    const rate = '0.1';
    let hwm = USDT('1000');
    const days: Array<[equity: string, share: string, hwm: string]> = [
      // Profit: 10 % of 100 above the mark; the mark rises to what is left.
      ['1100', '10', '1090'],
      // Loss: nothing, the mark stays.
      ['900', '0', '1090'],
      // Recovery below the mark: nothing.
      ['1050', '0', '1090'],
      // Back exactly at the mark: nothing.
      ['1090', '0', '1090'],
      // A new high: only what is above the mark.
      ['1200', '11', '1189'],
    ];
    for (const [equity, share, next] of days) {
      const out = profitShare(USDT(equity), hwm, rate);
      expect(out.share, equity).toBe(USDT(share));
      expect(out.hwm, equity).toBe(USDT(next));
      hwm = out.hwm;
    }
  });

  it('rounds the share down to a minor unit and pays 20 % at the top rate', () => {
    // A share below one minor unit is nothing; the mark still rises.
    expect(profitShare(1001n, 1000n, '0.2')).toEqual({ share: 0n, hwm: 1001n });
    expect(profitShare(1010n, 1000n, '0.2')).toEqual({ share: 2n, hwm: 1008n });
  });
});
