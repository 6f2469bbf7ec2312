import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MaintenanceTier } from './futures-tiers';
import {
  DEFAULT_FUTURES_TIERS,
  derivedMaintenanceAmounts,
  maxLeverageForNotional,
  maxNotionalForLeverage,
  tierForNotional,
} from './futures-tiers';
import { Decimal } from './numbers';

/** A tier table from published rows (upper bound, leverage, rate), with the amounts they imply. */
function table(rows: readonly (readonly [string, number, string])[]): MaintenanceTier[] {
  const bare = rows.map(([maxNotional, maxLeverage, maintenanceRate]) => ({
    maxNotional,
    maxLeverage,
    maintenanceRate,
    maintenanceAmount: '0',
  }));
  const amounts = derivedMaintenanceAmounts(bare);
  return bare.map((t, i) => ({ ...t, maintenanceAmount: amounts[i]?.toFixed() ?? '0' }));
}

/** The default BTCUSDT table: its first rows are those the Binance liquidation help page quotes. */
const BINANCE_BTC = DEFAULT_FUTURES_TIERS.BTCUSDT ?? [];
/** Binance API docs, GET /fapi/v1/leverageBracket example: ETHUSDT bracket 1, 75x up to 10,000 USDT. */
const BINANCE_ETH_FIRST_BRACKET = table([['10000', 75, '0.0065']]);
/** Bitget, BTCUSDT leverage and position tiers announced for 2025-09-26 (after the adjustment). */
const BITGET_BTC = table([
  ['200000', 150, '0.004'],
  ['1000000', 100, '0.005'],
  ['5000000', 75, '0.007'],
  ['15000000', 50, '0.01'],
  ['50000000', 25, '0.02'],
  ['100000000', 20, '0.03'],
  ['150000000', 10, '0.06'],
  ['300000000', 5, '0.12'],
  ['500000000', 4, '0.15'],
  ['700000000', 3, '0.2'],
  ['900000000', 2, '0.3'],
  ['1200000000', 1, '0.6'],
]);
/** Bitget, BANUSDT tiers before the adjustment of 2025-02-24: no 3x row, so 3x reads the 4x row. */
const BITGET_BAN = table([
  ['10000', 75, '0.01'],
  ['30000', 50, '0.015'],
  ['150000', 25, '0.02'],
  ['300000', 20, '0.03'],
  ['1500000', 10, '0.05'],
  ['3000000', 5, '0.12'],
  ['3750000', 4, '0.15'],
  ['7500000', 2, '0.3'],
  ['15000000', 1, '0.6'],
]);

const cap = (tiers: readonly MaintenanceTier[], leverage: number | string) =>
  maxNotionalForLeverage(tiers, leverage).toFixed();

describe('leverage caps', () => {
  it('give the leverage of the row a notional falls in, the bound itself still in the row', () => {
    expect(maxLeverageForNotional(BINANCE_BTC, '50000')).toBe(125);
    expect(maxLeverageForNotional(BINANCE_BTC, '50000.01')).toBe(100);
    expect(maxLeverageForNotional(BINANCE_BTC, '250000')).toBe(100);
    // The help page's 264,000 USDT position is on level 3, whose leverage is 50x.
    expect(maxLeverageForNotional(BINANCE_BTC, '264000')).toBe(50);
    expect(maxLeverageForNotional(BITGET_BTC, '200000')).toBe(150);
    expect(maxLeverageForNotional(BITGET_BTC, '200000.01')).toBe(100);
    expect(maxLeverageForNotional(BITGET_BTC, '1200000000')).toBe(1);
    expect(maxLeverageForNotional(BITGET_BAN, '150000')).toBe(25);
    expect(maxLeverageForNotional(BITGET_BAN, '150001')).toBe(20);
  });

  it('give the bound of the last row a leverage is allowed in', () => {
    expect(cap(BINANCE_BTC, 125)).toBe('50000');
    expect(cap(BINANCE_BTC, 100)).toBe('250000');
    expect(cap(BINANCE_BTC, 75)).toBe('250000');
    expect(cap(BINANCE_BTC, 50)).toBe('1000000');
    expect(cap(BINANCE_BTC, 1)).toBe('500000000');
    expect(cap(BITGET_BTC, 150)).toBe('200000');
    expect(cap(BITGET_BTC, 20)).toBe('100000000');
    expect(cap(BITGET_BTC, 1)).toBe('1200000000');
    expect(cap(BITGET_BAN, 30)).toBe('30000');
    expect(cap(BITGET_BAN, 3)).toBe('3750000');
  });

  it('allow no notional at a leverage above the first row, or that is not a number', () => {
    expect(cap(BINANCE_BTC, 126)).toBe('0');
    expect(cap(BITGET_BTC, 151)).toBe('0');
    expect(cap(BINANCE_ETH_FIRST_BRACKET, 76)).toBe('0');
    expect(cap(BINANCE_BTC, 'abc')).toBe('0');
    expect(cap(BINANCE_BTC, Number.NaN)).toBe('0');
  });

  it('take a leverage as a number, a decimal string or a Decimal alike', () => {
    expect(cap(BINANCE_BTC, '100')).toBe('250000');
    expect(maxNotionalForLeverage(BINANCE_BTC, new Decimal(100)).toFixed()).toBe('250000');
    expect(maxLeverageForNotional(BINANCE_BTC, new Decimal('264000'))).toBe(50);
    expect(maxLeverageForNotional(BINANCE_BTC, 264000)).toBe(50);
  });

  it('keep the last row for a notional beyond the table, and 1x for no table', () => {
    expect(maxLeverageForNotional(BINANCE_ETH_FIRST_BRACKET, '10000')).toBe(75);
    expect(maxLeverageForNotional(BINANCE_ETH_FIRST_BRACKET, '20000')).toBe(75);
    expect(cap(BINANCE_ETH_FIRST_BRACKET, 75)).toBe('10000');
    expect(maxLeverageForNotional([], '1000')).toBe(1);
    expect(cap([], 1)).toBe('0');
  });

  it('name the cap an order over the leverage is refused with: 264,000 USDT at 100x', () => {
    const leverage = 100;
    expect(maxLeverageForNotional(BINANCE_BTC, '264000')).toBeLessThan(leverage);
    expect(cap(BINANCE_BTC, leverage)).toBe('250000');
  });
});

describe('leverage caps (properties)', () => {
  /** A table as exchanges publish them: bounds that rise, leverages that never do. */
  const tables = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 200 })), {
      minLength: 1,
      maxLength: 12,
    })
    .map((rows) => {
      const leverages = rows.map(([, l]) => l).sort((a, b) => b - a);
      let bound = 0;
      return table(
        rows.map(([step], i) => {
          bound += step;
          return [String(bound), leverages[i] ?? 1, '0.01'] as const;
        }),
      );
    });
  /**
   * A notional as a decimal string: often a row's bound (where an off-by-one
   * would show), else any number of cents up to a little past the table.
   */
  const notionalIn = (tiers: readonly MaintenanceTier[]) => {
    const last = Number(tiers[tiers.length - 1]?.maxNotional ?? '1');
    const cents = fc
      .integer({ min: 1, max: (last + 10) * 100 })
      .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
    return fc.oneof(fc.constantFrom(...tiers.map((t) => t.maxNotional)), cents);
  };
  /** A leverage, often one a row names (where an off-by-one would show), else any from 1x to 250x. */
  const leverageFor = (tiers: readonly MaintenanceTier[]) =>
    fc.oneof(fc.constantFrom(...tiers.map((t) => t.maxLeverage)), fc.integer({ min: 1, max: 250 }));
  const withNotional = tables.chain((tiers) =>
    fc.tuple(fc.constant(tiers), notionalIn(tiers), leverageFor(tiers)),
  );

  it('read the leverage of the row tierForNotional finds', () => {
    fc.assert(
      fc.property(withNotional, ([tiers, notional]) => {
        expect(maxLeverageForNotional(tiers, notional)).toBe(
          tierForNotional(tiers, notional).maxLeverage,
        );
      }),
    );
  });

  it('agree: within the table, a leverage holds a notional exactly when the notional is within its cap', () => {
    fc.assert(
      fc.property(withNotional, ([tiers, notional, leverage]) => {
        const last = tiers[tiers.length - 1]?.maxNotional ?? '0';
        fc.pre(new Decimal(notional).lte(last));
        const allowed = leverage <= maxLeverageForNotional(tiers, notional);
        const withinCap = new Decimal(notional).lte(maxNotionalForLeverage(tiers, leverage));
        expect(withinCap).toBe(allowed);
      }),
    );
  });

  it('give a cap the leverage is allowed at, and refuse the leverage just past it', () => {
    fc.assert(
      fc.property(withNotional, ([tiers, , leverage]) => {
        const limit = maxNotionalForLeverage(tiers, leverage);
        fc.pre(limit.gt(0));
        expect(tierForNotional(tiers, limit).maxLeverage).toBeGreaterThanOrEqual(leverage);
        const last = tiers[tiers.length - 1]?.maxNotional ?? '0';
        if (limit.lt(last)) {
          expect(maxLeverageForNotional(tiers, limit.plus('0.01'))).toBeLessThan(leverage);
        }
      }),
    );
  });
});
