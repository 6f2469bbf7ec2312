import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPOT_MARKETS,
  decimalsOfStep,
  lotsToQuantity,
  meetsMinNotional,
  notionalOf,
  priceToTicks,
  quantityToLots,
  spotMarket,
  ticksToPrice,
} from './markets';
import { Decimal } from './numbers';

const btc = spotMarket('BTCUSDT')!;
const xrp = spotMarket('XRPUSDT')!;

describe('spot markets', () => {
  it('lists BTC, ETH, SOL and XRP against USDT with 0.1% fees', () => {
    expect(DEFAULT_SPOT_MARKETS.map((m) => m.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'XRPUSDT',
    ]);
    for (const m of DEFAULT_SPOT_MARKETS) {
      expect(m.quote).toBe('USDT');
      expect([m.makerFee_bps, m.takerFee_bps]).toEqual([10, 10]);
    }
    expect(spotMarket('DOGEUSDT')).toBeUndefined();
  });

  it('turns typed prices and quantities into whole ticks and lots, exactly', () => {
    expect(priceToTicks('64123.45', btc)).toBe(6_412_345);
    expect(priceToTicks('0.01', btc)).toBe(1);
    // 0.1 + 0.2 style floats never enter: 0.3 is exactly 30 ticks.
    expect(priceToTicks('0.3', btc)).toBe(30);
    expect(quantityToLots('0.00123', btc)).toBe(123);
    expect(quantityToLots('12.5', xrp)).toBe(125);
  });

  it('refuses what is not a whole positive number of steps', () => {
    expect(priceToTicks('64123.455', btc)).toBeNull();
    expect(priceToTicks('0', btc)).toBeNull();
    expect(priceToTicks('-1', btc)).toBeNull();
    expect(priceToTicks('abc', btc)).toBeNull();
    expect(priceToTicks('1e400', btc)).toBeNull();
    expect(quantityToLots('0.000001', btc)).toBeNull();
    expect(quantityToLots('12.55', xrp)).toBeNull();
  });

  it('turns ticks and lots back into fixed decimal strings', () => {
    expect(ticksToPrice(6_412_345, btc)).toBe('64123.45');
    expect(ticksToPrice(1, xrp)).toBe('0.0001');
    expect(lotsToQuantity(123, btc)).toBe('0.00123');
    expect(lotsToQuantity(10, xrp)).toBe('1.0');
    expect(decimalsOfStep('0.001')).toBe(3);
    expect(decimalsOfStep('1')).toBe(0);
  });

  it('values an order exactly and checks the minimum notional', () => {
    // 0.00123 BTC at 64123.45 = 78.8718435 USDT.
    expect(notionalOf(6_412_345, 123, btc)).toBe('78.8718435');
    expect(meetsMinNotional(6_412_345, 123, btc)).toBe(true);
    // 0.00007 BTC at 64123.45 = 4.4886415 USDT: under 5.
    expect(meetsMinNotional(6_412_345, 7, btc)).toBe(false);
    // Exactly 5 USDT passes: 50 XRP at 0.1.
    expect(notionalOf(1000, 500, xrp)).toBe('5.00000');
    expect(meetsMinNotional(1000, 500, xrp)).toBe(true);
  });
});

const Exact = Decimal.clone({ precision: 80 });

describe('conversions by integer arithmetic agree with decimal arithmetic', () => {
  const steps = ['0.01', '0.00001', '0.001', '0.1', '0.0001', '1', '5', '0.5', '0.25'];
  it('for any plain decimal and any step', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...steps),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        (step, digits, places) => {
          const text = digits.toString().padStart(places + 1, '0');
          const value = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
          const market = { ...DEFAULT_SPOT_MARKETS[0]!, tickSize: step };
          // The oracle needs more digits than the app's precision of 20: 20 significant
          // digits over a step can round a fraction away (5039062499999999.9998 / 5).
          const d = new Exact(value).div(step);
          const expected =
            d.gt(0) && d.isInteger() && d.lte(Number.MAX_SAFE_INTEGER) ? d.toNumber() : null;
          expect(priceToTicks(value, market)).toBe(expected);
          if (expected !== null) {
            expect(new Decimal(ticksToPrice(expected, market)).eq(value)).toBe(true);
          }
        },
      ),
    );
  });

  it('for notional values and the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(...DEFAULT_SPOT_MARKETS),
        (ticks, lots, market) => {
          const exact = new Decimal(ticks).times(market.tickSize).times(lots).times(market.lotSize);
          expect(new Decimal(notionalOf(ticks, lots, market)).eq(exact)).toBe(true);
          expect(meetsMinNotional(ticks, lots, market)).toBe(exact.gte(market.minNotional));
        },
      ),
    );
  });
});
