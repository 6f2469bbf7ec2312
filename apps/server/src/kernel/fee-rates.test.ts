import { describe, expect, it } from 'vitest';
import { FeeRates, feeAt, spotOwnersOf, userOfOwner } from './fee-rates';

describe('fee rates', () => {
  it('maps every ledger account of a user to the user, and none of the exchange’s', () => {
    expect(userOfOwner('u1')).toBe('u1');
    expect(userOfOwner('f:u1')).toBe('u1');
    expect(userOfOwner('mc:u1')).toBe('u1');
    expect(userOfOwner('mi:BTCUSDT:u1')).toBe('u1');
    expect(userOfOwner('@insurance')).toBeNull();
    expect(userOfOwner('@fees')).toBeNull();
  });

  it('lists the accounts a user trades spot through, each of them the user’s', () => {
    const owners = spotOwnersOf('u1', ['BTCUSDT', 'ETHUSDT']);
    expect(owners).toEqual(['u1', 'mc:u1', 'mi:BTCUSDT:u1', 'mi:ETHUSDT:u1']);
    for (const owner of owners) expect(userOfOwner(owner)).toBe('u1');
  });

  it('charges a tier’s rate to its user’s accounts and the market’s own to everyone else', () => {
    const rates = new FeeRates();
    const tier = { spot: { maker: 420, taker: 600 }, futures: { maker: -50, taker: 320 } };
    rates.replace(new Map([['u1', tier]]));
    expect(rates.ppmOf('u1', 'spot', 'maker', 10)).toBe(420);
    expect(rates.ppmOf('mi:ETHUSDT:u1', 'spot', 'taker', 10)).toBe(600);
    expect(rates.ppmOf('f:u1', 'futures', 'maker', 2)).toBe(-50);
    expect(rates.ppmOf('u2', 'spot', 'maker', 10)).toBe(1000);
    expect(rates.ppmOf('@insurance', 'futures', 'taker', 5)).toBe(500);
  });

  it('rounds a charge up and a rebate down, to the minor unit', () => {
    expect(feeAt(61_700_456_580n, 420)).toBe(25_914_192n);
    expect(feeAt(1_000_000n, 1000)).toBe(1000n);
    expect(feeAt(1_999_999n, -50)).toBe(-99n);
    expect(feeAt(19_999n, -50)).toBe(0n);
    expect(feeAt(0n, 420)).toBe(0n);
  });
});
