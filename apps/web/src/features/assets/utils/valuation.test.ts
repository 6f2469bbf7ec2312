import { Decimal, type Balance, type Valuation } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { mergeBalances } from '../../../entities/balances/spot-balances';
import { formatBtc, formatFiat } from '../../../platform/numbers/number-format';
import { btcPerUsdt, impliedPrices, isSmallBalance, totalsOf, valueBalances } from './valuation';

const valuation: Valuation = {
  unit: 'EUR',
  fiatPerUsdt: '0.92',
  totalUsdt: '1600',
  totalBtc: '0.016',
  totalFiat: '1472',
  coins: [
    { coin: 'USDT', total: '1000', usdt: '1000' },
    { coin: 'ETH', total: '0.2', usdt: '600' },
    { coin: 'SOL', total: '0', usdt: '0' },
  ],
};

const balance = (coin: string, total: string, frozen = '0'): Balance => ({
  coin,
  total,
  frozen,
  available: new Decimal(total).minus(frozen).toFixed(),
});

describe('valuation maths', () => {
  it('reads each coin price off the valuation, USDT at one, unpriced coins absent', () => {
    const prices = impliedPrices(valuation);
    expect(prices.get('USDT')?.toString()).toBe('1');
    expect(prices.get('ETH')?.toString()).toBe('3000');
    expect(prices.has('SOL')).toBe(false);
    expect(btcPerUsdt(valuation).toString()).toBe('0.00001');
  });

  it('values live balances in USDT and in the currency unit without float error', () => {
    const rows = valueBalances([balance('USDT', '0.1'), balance('ETH', '0.3')], valuation);
    expect(rows[0]?.usdt?.toString()).toBe('0.1');
    expect(rows[0]?.fiat?.toString()).toBe('0.092');
    expect(rows[1]?.usdt?.toString()).toBe('900');
    expect(formatFiat(rows[1]?.fiat)).toBe('828.00');
  });

  it('gives an empty balance a zero value even without a price, and an unpriced one none', () => {
    const rows = valueBalances([balance('SOL', '0'), balance('XRP', '5')], valuation);
    expect(rows[0]?.usdt?.isZero()).toBe(true);
    expect(rows[1]?.usdt).toBeNull();
    expect(rows[1]?.fiat).toBeNull();
  });

  it('totals priced balances itself, so a push moves the total at once', () => {
    const rows = valueBalances([balance('USDT', '1500'), balance('ETH', '0.2')], valuation);
    const totals = totalsOf(rows, valuation);
    expect(totals.usdt.toString()).toBe('2100');
    expect(formatFiat(totals.fiat)).toBe('1,932.00');
    expect(formatBtc(totals.btc)).toBe('0.021000');
  });

  it("keeps the server's totals while some coin has no known price", () => {
    const rows = valueBalances([balance('USDT', '1500'), balance('XRP', '5')], valuation);
    const totals = totalsOf(rows, valuation);
    expect(totals.fiat.toString()).toBe('1472');
    expect(totals.btc.toString()).toBe('0.016');
  });

  it('values USDT at one but has no fiat figure before the valuation arrives', () => {
    const rows = valueBalances([balance('USDT', '10')], undefined);
    expect(rows[0]?.usdt?.toString()).toBe('10');
    expect(rows[0]?.fiat).toBeNull();
  });

  it('calls a balance small under 1 USDT, never one without a price', () => {
    const rows = valueBalances(
      [balance('USDT', '0.99'), balance('USDT', '1'), balance('XRP', '0.0001')],
      valuation,
    );
    expect(rows.map(isSmallBalance)).toEqual([true, false, false]);
  });

  it('merges a push: changed coins replaced in place, new coins appended', () => {
    const merged = mergeBalances(
      [balance('USDT', '10'), balance('ETH', '1')],
      [balance('ETH', '2', '1'), balance('BTC', '0.5')],
    );
    expect(merged.map((b) => `${b.coin}:${b.total}:${b.frozen}`)).toEqual([
      'USDT:10:0',
      'ETH:2:1',
      'BTC:0.5:0',
    ]);
  });
});
