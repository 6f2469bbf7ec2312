import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atMaintenance,
  closeOf,
  crossFiguresOf,
  decimalOfUnits,
  feeOfBps,
  freeMarginOf,
  initialMarginOf,
  lotValue,
  maintenanceMarginOf,
  marginRatioOf,
  orderCostOf,
  positionPnl,
  removableMarginOf,
  unitsCeil,
  unitsOf,
} from './futures-exact';
import { initialMargin, notionalValue, orderCost, unrealisedPnl } from './futures-margin';
import type { PositionSide } from './futures-tiers';
import { DEFAULT_FUTURES_TIERS, POSITION_SIDE, maintenanceMargin } from './futures-tiers';
import { Decimal } from './numbers';

const BTC = DEFAULT_FUTURES_TIERS.BTCUSDT ?? [];
const MINOR = new Decimal(10).pow(8);

// The futures host's formulas as they stood before they moved here, kept as
// the oracle the one implementation must agree with.
const previous = {
  valueOf: (ticks: number, lots: number, perTickLot: bigint) =>
    BigInt(ticks) * BigInt(lots) * perTickLot,
  pnlAt: (side: PositionSide, value: bigint, cost: bigint) =>
    (side === POSITION_SIDE.long ? 1n : -1n) * (value - cost),
  initialOf: (value: bigint, leverage: number) => {
    const lev = BigInt(leverage);
    return (value + lev - 1n) / lev;
  },
  feeOf: (amount: bigint, bps: number) => (amount * BigInt(bps) + 9999n) / 10000n,
  maintenanceAt: (value: bigint) =>
    BigInt(
      maintenanceMargin(BTC, new Decimal(value.toString()).div(MINOR))
        .times(MINOR)
        .toDecimalPlaces(0, Decimal.ROUND_CEIL)
        .toFixed(0),
    ),
  closeLots: (
    p: { side: PositionSide; lots: number; cost: bigint; margin: bigint },
    lots: number,
    exit: bigint,
  ) => {
    const cost = lots === p.lots ? p.cost : (p.cost * BigInt(lots)) / BigInt(p.lots);
    const margin = lots === p.lots ? p.margin : (p.margin * BigInt(lots)) / BigInt(p.lots);
    return { pnl: (p.side === POSITION_SIDE.long ? 1n : -1n) * (exit - cost), cost, margin };
  },
};

const side = fc.constantFrom<PositionSide>(POSITION_SIDE.long, POSITION_SIDE.short);
const ticks = fc.integer({ min: 0, max: 20_000_000 });
const lots = fc.integer({ min: 1, max: 5_000_000 });
const perTickLot = fc.bigInt({ min: 1n, max: 100_000n });
const leverage = fc.integer({ min: 1, max: 125 });
const money = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });

describe('the exact maths agree with the futures host formulas they replace', () => {
  it('value, PnL, initial margin, fee and order cost', () => {
    fc.assert(
      fc.property(side, ticks, ticks, lots, perTickLot, leverage, (s, entry, mark, n, q, lev) => {
        const cost = previous.valueOf(entry, n, q);
        const value = previous.valueOf(mark, n, q);
        expect(lotValue(mark, n, q)).toBe(value);
        expect(positionPnl(s, value, cost)).toBe(previous.pnlAt(s, value, cost));
        expect(initialMarginOf(value, lev)).toBe(previous.initialOf(value, lev));
        expect(initialMarginOf(value, lev, 'down')).toBe(value / BigInt(lev));
        expect(feeOfBps(value, 5)).toBe(previous.feeOf(value, 5));
        expect(orderCostOf(value, lev, 5n, 4)).toBe(
          previous.initialOf(value, lev) + previous.feeOf(value, 5),
        );
      }),
    );
  });

  it('maintenance margin at the minor unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 16n }), (value) => {
        expect(maintenanceMarginOf(BTC, value, 8)).toBe(previous.maintenanceAt(value));
      }),
    );
  });

  it('closing part of a position', () => {
    fc.assert(
      fc.property(
        side,
        lots,
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (s, held, part, cost, margin, exit) => {
          const p = { side: s, lots: held, cost, margin };
          const q = Math.min(part, held);
          expect(closeOf(p, q, exit)).toEqual(previous.closeLots(p, q, exit));
        },
      ),
    );
  });

  it('what may open, leave, or be taken from an isolated position', () => {
    fc.assert(
      fc.property(money, money, money, money, (wallet, upnl, im, orders) => {
        const cross = { upnl, im: im < 0n ? -im : im, mm: 0n };
        const free = wallet + cross.upnl - cross.im - orders;
        expect(freeMarginOf(wallet, cross, orders)).toBe(free > 0n ? free : 0n);
        const loss = upnl < 0n ? upnl : 0n;
        const leaving = wallet + loss - cross.im - orders;
        expect(freeMarginOf(wallet, cross, orders, false)).toBe(leaving > 0n ? leaving : 0n);
        const margin = wallet < 0n ? -wallet : wallet;
        const max = margin + loss - cross.im;
        expect(removableMarginOf(margin, upnl, cross.im)).toBe(
          max > 0n ? (max < margin ? max : margin) : 0n,
        );
      }),
    );
  });
});

describe('the cross account and the margin ratio', () => {
  it('sum PnL, initial and maintenance margin over the legs', () => {
    const legs = [
      { side: POSITION_SIDE.long, value: 3_100n, cost: 3_000n, leverage: 10, maintenance: 13n },
      { side: POSITION_SIDE.short, value: 2_100n, cost: 2_000n, leverage: 20, maintenance: 14n },
    ];
    expect(crossFiguresOf(legs)).toEqual({ upnl: 0n, im: 310n + 105n, mm: 27n });
  });

  it('liquidate at maintenance, not above it', () => {
    expect(atMaintenance(100n, 100n)).toBe(true);
    expect(atMaintenance(101n, 100n)).toBe(false);
    expect(atMaintenance(0n, 0n)).toBe(false);
  });

  it('round the ratio up to 6 places, none without a balance', () => {
    expect(marginRatioOf(1n, 3n)).toBe('0.333334');
    expect(marginRatioOf(1n, 0n)).toBeNull();
  });
});

describe('the decimal functions are the exact ones at the inputs scale', () => {
  const decimal = (units: number, scale: number) => new Decimal(units).div(10 ** scale);

  it('notional and unrealised PnL equal size x price and size x (mark - entry) x direction', () => {
    fc.assert(
      fc.property(
        side,
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (s, size, entry, mark) => {
          const sz = decimal(size, 3);
          const e = decimal(entry, 2);
          const m = decimal(mark, 4);
          expect(notionalValue(sz, e).toFixed()).toBe(sz.times(e).toFixed());
          const d = s === POSITION_SIDE.long ? 1 : -1;
          expect(unrealisedPnl(s, sz, e, m).toFixed()).toBe(
            sz.times(m.minus(e)).times(d).toFixed(),
          );
        },
      ),
    );
  });

  it('initial margin rounds up to the minor unit as the host holds it; order cost adds the exact fee', () => {
    expect(initialMargin('1', '20000', '3').toFixed()).toBe('6666.66666667');
    expect(initialMargin('0.001', '0.00001', '3').toFixed()).toBe('0.00000001');
    expect(orderCost('0.5', '29000', '10', '0.0005').toFixed()).toBe('1457.25');
  });

  it('convert between decimals and units', () => {
    expect(unitsOf('-12.345', 2)).toBe(-1234n);
    expect(unitsOf('12.345', 5)).toBe(1_234_500n);
    expect(unitsCeil(new Decimal('0.123'), 2)).toBe(13n);
    expect(decimalOfUnits(-1234n, 2).toFixed()).toBe('-12.34');
  });
});
