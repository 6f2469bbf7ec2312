import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liquidationPrice, formatLiquidationPrice } from './futures-liquidation';
import {
  averageEntryPrice,
  bankruptcyPrice,
  breakEvenPrice,
  closePriceForPnl,
  closePriceForRoe,
  initialMargin,
  maintenanceMargin,
  maintenanceMarginInTier,
  marginRequirement,
  notionalValue,
  realisedPnl,
  roePercent,
  unrealisedPnl,
} from './futures-margin';
import type { FuturesPositionRecord } from './futures-risk';
import {
  accountRiskInputs,
  crossLiquidationPriceFromRisk,
  derivePositionFields,
  tpSlBounds,
  validateTpSlPrice,
} from './futures-risk';
import type { MaintenanceTier, PositionSide } from './futures-tiers';
import {
  DEFAULT_FUTURES_TIERS,
  MARGIN_MODE,
  POSITION_MODE,
  POSITION_SIDE,
  derivedMaintenanceAmounts,
  tierForNotional,
} from './futures-tiers';
import { Decimal, formatRoe } from './numbers';
import type { DecimalValue } from './numbers';

const { long, short } = POSITION_SIDE;
const BTC = DEFAULT_FUTURES_TIERS.BTCUSDT ?? [];
const ETH = DEFAULT_FUTURES_TIERS.ETHUSDT ?? [];
/** Bybit, "Maintenance Margin (USDT Contract)": BTCUSDT up to 2,000,000 USDT of position value uses 0.5%. */
const BYBIT_BTC_FIRST_ROW: MaintenanceTier[] = [
  { maxNotional: '2000000', maxLeverage: 100, maintenanceRate: '0.005', maintenanceAmount: '0' },
];
const flat = (rate: string): MaintenanceTier[] => [
  { maxNotional: '1000000000', maxLeverage: 100, maintenanceRate: rate, maintenanceAmount: '0' },
];

const fixed = (d: DecimalValue | null, places = 2) => (d === null ? null : d.toFixed(places));

describe('tier tables', () => {
  // Binance, "How to Calculate Liquidation Price of USDⓈ-M Futures Contracts":
  // a BTCUSDT position of 264,000 USDT has a maintenance margin rate of 1%; one of
  // 500,000 USDT a maintenance amount of 1,300 USDT; and the amount on level 3 is
  // 250,000 x (1% - 0.5%) + 50 = 1,300.
  it('match the Binance help page figures for BTCUSDT', () => {
    expect(tierForNotional(BTC, '264000').maintenanceRate).toBe('0.01');
    expect(tierForNotional(BTC, '500000').maintenanceAmount).toBe('1300');
    expect(derivedMaintenanceAmounts(BTC)[2]?.toFixed()).toBe('1300');
  });

  it('carry on every row the amount the rows before it imply, so maintenance margin has no jump', () => {
    for (const [symbol, tiers] of Object.entries(DEFAULT_FUTURES_TIERS)) {
      const derived = derivedMaintenanceAmounts(tiers).map((d) => d.toFixed());
      expect(derived, symbol).toEqual(tiers.map((t) => t.maintenanceAmount));
      for (let i = 0; i + 1 < tiers.length; i++) {
        const edge = tiers[i]?.maxNotional ?? '0';
        const next = tiers[i + 1];
        if (!next) continue;
        expect(maintenanceMarginInTier(edge, next).toFixed(), `${symbol} row ${i}`).toBe(
          maintenanceMargin(tiers, edge).toFixed(),
        );
      }
      const leverages = tiers.map((t) => t.maxLeverage);
      expect(
        [...leverages].sort((a, b) => b - a),
        symbol,
      ).toEqual(leverages);
    }
  });

  it('uses the last row beyond the table', () => {
    expect(tierForNotional(BTC, '9000000000').maintenanceRate).toBe('0.5');
  });
});

describe('margins', () => {
  // Binance, "How to Calculate Liquidation Price of COIN-M Futures Contracts":
  // Maintenance Margin = 100 x 100 / 25,000 x 0.4% - 0 = 0.0016 BTC (same
  // notional x rate - amount form as USDⓈ-M).
  it('maintenance margin is notional x rate - amount', () => {
    expect(
      maintenanceMarginInTier('0.4', {
        maintenanceRate: '0.004',
        maintenanceAmount: '0',
      }).toFixed(),
    ).toBe('0.0016');
    // 500,000 USDT of BTCUSDT sits in the 1% row with 1,300 deducted.
    expect(maintenanceMargin(BTC, '500000').toFixed()).toBe('3700');
  });

  // Bybit, "Liquidation Price (USDT Contract)", Example 1 (Long): 1 BTC at
  // 20,000 USDT with 50x, MMR 0.5%: Initial Margin = 400, Maintenance Margin = 100.
  it('initial margin is notional / leverage (Bybit example 1)', () => {
    expect(initialMargin('1', '20000', '50').toFixed()).toBe('400');
    expect(maintenanceMargin(BYBIT_BTC_FIRST_ROW, notionalValue('1', '20000')).toFixed()).toBe(
      '100',
    );
    expect(initialMargin('1', '20000', '0').toFixed()).toBe('0');
  });

  // Bybit, "Bankruptcy Price (USDT Contract)": a 1 BTC long at 10,000 USDT
  // with 50x has its bankruptcy price at 10,000 x (1 - 2%) = 9,800.
  it('bankruptcy price (Bybit)', () => {
    expect(bankruptcyPrice(long, '10000', '50').toFixed()).toBe('9800');
    expect(bankruptcyPrice(short, '10000', '50').toFixed()).toBe('10200');
  });

  // Bybit, "Order Cost (USDT Contract)": 1 BTC long at 50,000 USDT with 10x,
  // taker 0.055%: initial margin 5,000, fee to open 27.5, fee to close
  // 1 x 50,000 x 0.9 x 0.055% = 24.75, order cost 5,052.25.
  it('margin requirement is initial margin + fee to open + fee to close at bankruptcy (Bybit)', () => {
    const cost = marginRequirement({
      side: long,
      size: '1',
      price: '50000',
      leverage: '10',
      takerFeeRate: '0.00055',
    });
    expect(cost.initialMargin.toFixed()).toBe('5000');
    expect(cost.openFee.toFixed()).toBe('27.5');
    expect(cost.closeFee.toFixed()).toBe('24.75');
    expect(cost.total.toFixed()).toBe('5052.25');
  });
});

describe('PnL, ROE and prices', () => {
  // Bybit, "Profit & Loss calculations (USDT Contract)": 0.2 BTC long at 7,000
  // with the price at 7,500 makes +100 USDT; 0.4 BTC short at 6,000 with the
  // price at 5,000 makes +400 USDT.
  it('unrealised PnL is size x (mark - entry) x direction (Bybit)', () => {
    expect(unrealisedPnl(long, '0.2', '7000', '7500').toFixed()).toBe('100');
    expect(unrealisedPnl(short, '0.4', '6000', '5000').toFixed()).toBe('400');
    expect(unrealisedPnl(short, '0.4', '6000', '6500').toFixed()).toBe('-200');
  });

  // Same page, 2A: initial margin (0.2 x 7,000) / 10 = 140; the fee to close
  // at the bankruptcy price 6,300 x 0.2 x 0.055% = 0.693; ROI = 100 / (140 +
  // 0.693) = 71.07%. Bybit divides by margin plus that fee; our ROE is on the
  // initial margin alone (100 / 140), and takes the fee only when asked.
  it('ROE on margin (Bybit ROI example)', () => {
    const cost = marginRequirement({
      side: long,
      size: '0.2',
      price: '7000',
      leverage: '10',
      takerFeeRate: '0.00055',
    });
    expect(cost.initialMargin.toFixed()).toBe('140');
    expect(cost.closeFee.toFixed()).toBe('0.693');
    expect(formatRoe(roePercent('100', cost.initialMargin.plus(cost.closeFee)))).toBe('71.07%');
    expect(formatRoe(roePercent('100', cost.initialMargin))).toBe('71.42%');
    expect(roePercent('100', '0').toFixed()).toBe('0');
  });

  it('close price for a target ROE or PnL lands back on the example (Bybit)', () => {
    const roe = roePercent('100', '140');
    expect(closePriceForRoe(long, '7000', '10', roe).toDecimalPlaces(8).toFixed()).toBe('7500');
    expect(closePriceForRoe(short, '7000', '10', '-50').toFixed()).toBe('7350');
    expect(closePriceForPnl(long, '7000', '0.2', '100').toFixed()).toBe('7500');
    expect(closePriceForPnl(short, '6000', '0.4', '400').toFixed()).toBe('5000');
  });

  // Same page, 1): 0.5 BTC long at 5,000 plus 0.3 BTC at 6,000 gives an
  // average entry of 4,300 / 0.8 = 5,375.
  it('weighted average entry after adding (Bybit)', () => {
    expect(averageEntryPrice('0.5', '5000', '0.3', '6000').toFixed()).toBe('5375');
    expect(averageEntryPrice('0', '5000', '0', '6000').toFixed()).toBe('0');
  });

  it('average entry lies between the two prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (s1, s2, p1, p2) => {
          const avg = averageEntryPrice(
            new Decimal(s1).div(1000),
            new Decimal(p1).div(100),
            new Decimal(s2).div(1000),
            new Decimal(p2).div(100),
          );
          const lo = Decimal.min(p1, p2).div(100);
          const hi = Decimal.max(p1, p2).div(100);
          return avg.gte(lo) && avg.lte(hi);
        },
      ),
    );
  });

  // Same page, 3): 0.4 BTC short at 6,000 closed at 5,000: position P&L 400,
  // fee to open 1.32, fee to close 1.10, funding paid 2.10, closed P&L 395.48.
  it('realised PnL with fees and funding (Bybit)', () => {
    const pnl = realisedPnl({
      side: short,
      size: '0.4',
      entryPrice: '6000',
      exitPrice: '5000',
      openFeeRate: '0.00055',
      closeFeeRate: '0.00055',
      fundingPaid: '2.10',
    });
    expect(pnl.gross.toFixed()).toBe('400');
    expect(pnl.openFee.toFixed()).toBe('1.32');
    expect(pnl.closeFee.toFixed()).toBe('1.1');
    expect(pnl.net.toFixed()).toBe('395.48');
  });

  // Binance, "How to Visualize the Breakeven Price of Open Positions on Binance
  // Futures (App)": without fees the breakeven price is the average entry.
  it('break-even without fees is the entry (Binance)', () => {
    expect(breakEvenPrice(long, '5375').toFixed()).toBe('5375');
    expect(breakEvenPrice(short, '5375', '0', '0').toFixed()).toBe('5375');
  });

  it('break-even with fees: closing there nets exactly zero after both fees', () => {
    // Taker 0.055% both ways on the Bybit example entry.
    expect(breakEvenPrice(long, '7000', '0.00055', '0.00055').toFixed(4)).toBe('7007.7042');
    fc.assert(
      fc.property(
        fc.constantFrom<PositionSide>(long, short),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (side, price, size, open, close) => {
          const entry = new Decimal(price).div(100);
          const openRate = new Decimal(open).div(100_000);
          const closeRate = new Decimal(close).div(100_000);
          const exit = breakEvenPrice(side, entry, openRate, closeRate);
          const net = realisedPnl({
            side,
            size: new Decimal(size).div(1000),
            entryPrice: entry,
            exitPrice: exit,
            openFeeRate: openRate,
            closeFeeRate: closeRate,
          }).net;
          return net.abs().lte(entry.times(size).times('1e-15'));
        },
      ),
    );
  });
});

describe('liquidation price', () => {
  // Bybit, "Liquidation Price (USDT Contract)", Example 1 (Long): 1 BTC at
  // 20,000 USDT, 50x, MMR 0.5%, no margin added: LP = 20,000 - (400 - 100) = 19,700.
  // Bybit values the maintenance margin at the entry notional; the Binance form
  // values it at the liquidation notional, which gives 19,600 / 0.995 = 19,698.49.
  it('one-way isolated long: Binance form on the Bybit example 1 inputs', () => {
    const lp = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.oneWay,
      walletBalance: initialMargin('1', '20000', '50'),
      tiers: BYBIT_BTC_FIRST_ROW,
      both: { side: long, size: '1', entryPrice: '20000' },
    });
    expect(fixed(lp)).toBe('19698.49');
    const bybitForm = new Decimal(20000).minus(
      initialMargin('1', '20000', '50').minus(maintenanceMargin(BYBIT_BTC_FIRST_ROW, '20000')),
    );
    expect(bybitForm.toFixed()).toBe('19700');
    // The two forms differ by the maintenance margin on the price move, MMR x (EP - LP) / (1 - MMR).
    expect(bybitForm.minus(lp ?? 0).toFixed(2)).toBe('1.51');
  });

  it('with no maintenance margin the liquidation price is the bankruptcy price (Bybit 9,800)', () => {
    const lp = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.oneWay,
      walletBalance: initialMargin('1', '10000', '50'),
      tiers: flat('0'),
      both: { side: long, size: '1', entryPrice: '10000' },
    });
    expect(lp?.toFixed()).toBe('9800');
  });

  // Phemex, "Liquidation price for USDT-M" (isolated): OpenValue = 500 x 0.4 =
  // 200, leverage 5, taker 0.06%, assignedPosBalance = 200 / 5 + (200 - 200 / 5)
  // x 0.06% = 40.096, MMR 1%: LP long = (200 - 40.096 - 0) / (0.9994 - 0.01) / 500
  // = 0.3232... The same as the Binance form with the taker fee added to the
  // rate, which is how Bitget's "Estimated liquidation price" writes it:
  // [margin - size x entry x direction] / [size x (MMR + TakerFeeRatio - direction)].
  it('isolated with the closing fee folded into the rate (Phemex example, Bitget form)', () => {
    const cost = marginRequirement({
      side: long,
      size: '500',
      price: '0.4',
      leverage: '5',
      takerFeeRate: '0.0006',
    });
    const margin = cost.initialMargin.plus(cost.closeFee);
    expect(margin.toFixed()).toBe('40.096');
    const lp = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.oneWay,
      walletBalance: margin,
      tiers: flat('0.01'),
      closeFeeRate: '0.0006',
      both: { side: long, size: '500', entryPrice: '0.4' },
    });
    expect(lp?.toFixed(4)).toBe('0.3232');
  });

  // Binance, same help page: "If the liquidation price is less than 0, the UI
  // display would be '--'".
  it('a negative result shows --', () => {
    const lp = liquidationPrice({
      marginMode: MARGIN_MODE.cross,
      positionMode: POSITION_MODE.oneWay,
      walletBalance: '50000',
      tiers: BTC,
      both: { side: long, size: '1', entryPrice: '30000' },
    });
    expect(lp).toBeNull();
    expect(formatLiquidationPrice(lp, 2)).toBe('--');
    expect(
      liquidationPrice({
        marginMode: MARGIN_MODE.cross,
        positionMode: POSITION_MODE.oneWay,
        walletBalance: '50000',
        tiers: BTC,
      }),
    ).toBeNull();
  });

  // Binance, same page: when the row at the liquidation notional differs from
  // the row at the opening notional, recompute with the row at the liquidation notional.
  it('re-checks the row at the result, downwards and upwards (BTCUSDT rows)', () => {
    // 5 BTC long at 50,000 (250,000: the 0.5% row); the 0.5% row gives 8,030.15,
    // a notional of 40,150 in the 0.4% row; recomputed there: 8,032.13.
    const down = liquidationPrice({
      marginMode: MARGIN_MODE.cross,
      positionMode: POSITION_MODE.oneWay,
      walletBalance: '210000',
      tiers: BTC,
      both: { side: long, size: '5', entryPrice: '50000' },
    });
    expect(fixed(down)).toBe('8032.13');
    // 5 BTC short at 50,000: the 0.5% row gives 53,741.29 (268,706 notional, the
    // 1% row); recomputed there: 53,722.77.
    const up = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.hedge,
      walletBalance: '20000',
      tiers: BTC,
      short: { size: '5', entryPrice: '50000' },
    });
    expect(fixed(up)).toBe('53722.77');
  });

  it('one-way cross counts the other contracts (TMM1, UPNL1); isolated ignores them', () => {
    const input = {
      positionMode: POSITION_MODE.oneWay,
      walletBalance: '10000',
      othersMaintenanceMargin: '500',
      othersUnrealisedPnl: '-1000',
      tiers: BTC,
      both: { side: long, size: '1', entryPrice: '30000' },
    } as const;
    // (10,000 - 500 - 1,000 - 30,000) / (0.004 - 1)
    expect(fixed(liquidationPrice({ ...input, marginMode: MARGIN_MODE.cross }))).toBe('21586.35');
    // (10,000 - 30,000) / (0.004 - 1)
    expect(fixed(liquidationPrice({ ...input, marginMode: MARGIN_MODE.isolated }))).toBe(
      '20080.32',
    );
  });

  it('hedge mode: cross prices both legs together, isolated each leg alone', () => {
    // (5,000 - 30,000 + 15,500) / (1 x 0.004 + 0.5 x 0.004 - 1 + 0.5)
    const both = liquidationPrice({
      marginMode: MARGIN_MODE.cross,
      positionMode: POSITION_MODE.hedge,
      walletBalance: '5000',
      tiers: BTC,
      long: { size: '1', entryPrice: '30000' },
      short: { size: '0.5', entryPrice: '31000' },
    });
    expect(fixed(both)).toBe('19230.77');
    const longAlone = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.hedge,
      walletBalance: '600',
      tiers: BTC,
      long: { size: '1', entryPrice: '30000' },
    });
    expect(fixed(longAlone)).toBe('29518.07');
    const shortAlone = liquidationPrice({
      marginMode: MARGIN_MODE.isolated,
      positionMode: POSITION_MODE.hedge,
      walletBalance: '310',
      tiers: BTC,
      short: { size: '0.5', entryPrice: '31000' },
    });
    expect(fixed(shortAlone)).toBe('31494.02');
  });

  const amount = (min: number, max: number, scale: number) =>
    fc.integer({ min, max }).map((n) => new Decimal(n).div(scale));

  /** Margin balance minus maintenance margin at a price, with each leg in the row of its notional there. */
  function surplusAt(
    price: DecimalValue,
    legs: { direction: 1 | -1; size: DecimalValue; entry: DecimalValue }[],
    base: DecimalValue,
    tiers: readonly MaintenanceTier[],
  ): DecimalValue {
    return legs.reduce(
      (sum, leg) =>
        sum
          .plus(leg.size.times(price.minus(leg.entry)).times(leg.direction))
          .minus(maintenanceMargin(tiers, leg.size.times(price))),
      base,
    );
  }

  it('at the liquidation price margin balance equals maintenance margin (one-way, both modes)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PositionSide>(long, short),
        fc.constantFrom(MARGIN_MODE.isolated, MARGIN_MODE.cross),
        amount(1, 200_000, 1000),
        amount(100_00, 10_000_000, 100),
        fc.integer({ min: 1, max: 125 }),
        amount(0, 1_000_000, 100),
        amount(-1_000_000, 1_000_000, 100),
        (side, marginMode, size, entry, leverage, othersMm, othersUpnl) => {
          const wb = initialMargin(size, entry, leverage).plus(
            marginMode === MARGIN_MODE.cross ? othersMm : 0,
          );
          const base = marginMode === MARGIN_MODE.cross ? wb.minus(othersMm).plus(othersUpnl) : wb;
          const legs = [{ direction: side === long ? 1 : -1, size, entry } as const];
          // The surplus is monotone in the price (a long's rises, a short's falls), so a liquidation
          // price above zero exists exactly when at zero the account is already on the liquidated side:
          // a long whose margin balance there is below maintenance, a short whose is above it.
          // A long backed by more than its notional never is: null, as 'a negative result shows --' checks.
          const atZero = surplusAt(new Decimal(0), [...legs], base, BTC);
          fc.pre(side === long ? atZero.lt(0) : atZero.gt(0));
          const lp = liquidationPrice({
            marginMode,
            positionMode: POSITION_MODE.oneWay,
            walletBalance: wb,
            othersMaintenanceMargin: othersMm,
            othersUnrealisedPnl: othersUpnl,
            tiers: BTC,
            both: { side, size, entryPrice: entry },
          });
          expect(lp).not.toBeNull();
          if (lp === null) return false;
          const surplus = surplusAt(lp, [...legs], base, BTC);
          return surplus.abs().lte(size.times(lp).times('1e-12').plus('1e-12'));
        },
      ),
    );
  });

  it('at the liquidation price margin balance equals maintenance margin (hedge, cross)', () => {
    fc.assert(
      fc.property(
        amount(4_000, 400_000, 1000),
        amount(0, 1_000, 1000),
        amount(100_00, 10_000_000, 100),
        amount(100_00, 10_000_000, 100),
        amount(0, 10_000_000, 100),
        fc.boolean(),
        (longSize, shortSize, longEntry, shortEntry, wb, flip) => {
          // The bigger leg at least four times the smaller keeps the account's
          // margin balance monotone in price, so there is one crossing.
          const [l, s] = flip ? [shortSize, longSize] : [longSize, shortSize];
          const legs = [
            { direction: 1 as const, size: l, entry: longEntry },
            { direction: -1 as const, size: s, entry: shortEntry },
          ];
          // Net long, the surplus ends rising with the price; net short, falling: a liquidation price
          // above zero exists exactly when at zero the account is on the liquidated side.
          const atZero = surplusAt(new Decimal(0), legs, wb, ETH);
          fc.pre(l.gt(s) ? atZero.lt(0) : atZero.gt(0));
          const lp = liquidationPrice({
            marginMode: MARGIN_MODE.cross,
            positionMode: POSITION_MODE.hedge,
            walletBalance: wb,
            tiers: ETH,
            long: { size: l, entryPrice: longEntry },
            short: { size: s, entryPrice: shortEntry },
          });
          expect(lp).not.toBeNull();
          if (lp === null) return false;
          const surplus = surplusAt(lp, legs, wb, ETH);
          return surplus.abs().lte(l.plus(s).times(lp).times('1e-12').plus('1e-12'));
        },
      ),
    );
  });
});

describe('derived position fields', () => {
  const record = (over: Partial<FuturesPositionRecord>): FuturesPositionRecord => ({
    side: long,
    openLevel: '10',
    openAvgPrice: '7000',
    positionsOpenAvgPrice: '7000',
    openDealCount: '0.2',
    closeDealCount: '0',
    count: '0.2',
    openMarginCount: '140',
    positionsOpenMarginCount: '140',
    positionsCount: '0.2',
    positionsLevel: '10',
    marginMode: MARGIN_MODE.isolated,
    achievedProfits: '0',
    ...over,
  });

  // The Bybit P&L example again: 0.2 BTC long at 7,000, 10x, mark 7,500.
  it('show PnL, ROE and margin for an isolated long in profit', () => {
    expect(derivePositionFields(record({}), '7500')).toEqual({
      dUpnl: '100',
      dUpnlText: '+100.000000',
      dUpnlValue: '100.000000',
      dUpnlUi: 'rise',
      dRoe: '71.428571428571428571',
      dRoeU: '71.428571428571428571',
      dRoeText: '+71.42%',
      dOpenMarginCount: '240',
    });
  });

  it('ROE on committed margin differs once margin is added; cross margin is at the mark', () => {
    const added = derivePositionFields(record({ openMarginCount: '200' }), '7500');
    expect(added.dRoeText).toBe('+71.42%');
    expect(added.dRoeU).toBe('50');
    const cross = derivePositionFields(record({ marginMode: MARGIN_MODE.cross }), '7500');
    expect(cross.dOpenMarginCount).toBe('150');
  });

  it('show a short at a loss, and flat at the entry', () => {
    const loss = derivePositionFields(
      record({ side: short, openAvgPrice: '6000', count: '0.4', openMarginCount: '240' }),
      '6500',
    );
    expect(loss.dUpnlText).toBe('-200.000000');
    expect(loss.dUpnlUi).toBe('fall');
    expect(loss.dRoeText).toBe('-83.33%');
    const even = derivePositionFields(record({}), '7000');
    expect(even.dUpnlText).toBe('0.000000');
    expect(even.dUpnlValue).toBe('0.000000');
    expect(even.dUpnlUi).toBe('flat');
    expect(even.dRoeText).toBe('0.00%');
  });
});

describe('account risk inputs', () => {
  const positions = [
    {
      symbol: 'BTCUSDT',
      side: long,
      size: '1',
      entryPrice: '30000',
      markPrice: '31000',
      leverage: '10',
      marginMode: MARGIN_MODE.cross,
      tiers: BTC,
    },
    {
      symbol: 'ETHUSDT',
      side: short,
      size: '10',
      entryPrice: '2000',
      markPrice: '2100',
      leverage: '20',
      marginMode: MARGIN_MODE.cross,
      tiers: ETH,
    },
    {
      symbol: 'SOLUSDT',
      side: long,
      size: '100',
      entryPrice: '100',
      markPrice: '90',
      leverage: '10',
      marginMode: MARGIN_MODE.isolated,
      isolatedMargin: '1000',
      tiers: DEFAULT_FUTURES_TIERS.SOLUSDT ?? [],
    },
  ];
  const openOrders = [
    { symbol: 'BTCUSDT', side: long, price: '29000', quantity: '0.5', leverage: '10' },
    {
      symbol: 'ETHUSDT',
      side: long,
      price: '1900',
      quantity: '10',
      leverage: '20',
      reduceOnly: true,
    },
  ];

  it('come from positions, open orders and the wallet balance', () => {
    const risk = accountRiskInputs({
      symbol: 'BTCUSDT',
      walletBalance: '10000',
      positions,
      openOrders,
      takerFeeRate: '0.0005',
    });
    expect(risk).toEqual({
      bp: '9000',
      // 9,000 + (1,000 - 1,000) - (3,100 + 1,050) - (1,450 + 7.25)
      available: '3392.75',
      othersUpnl: '-1000',
      // 21,000 x 0.65% - 15
      othersMaintain: '121.5',
      longOpenPrice: '30000',
      longOpenCount: '1',
      shortOpenPrice: '0',
      shortOpenCount: '0',
      totalDelegateValue: '14500',
      mm: '0.004',
      feeRate: '0.0005',
    });
    // (9,000 - 121.5 - 1,000 - 30,000) / (0.004 - 1)
    expect(fixed(crossLiquidationPriceFromRisk(risk, POSITION_MODE.oneWay, BTC))).toBe('22210.34');
  });

  it('never show a negative available balance', () => {
    const risk = accountRiskInputs({
      symbol: 'XRPUSDT',
      walletBalance: '100',
      positions,
      openOrders,
      takerFeeRate: '0.0005',
      tiers: DEFAULT_FUTURES_TIERS.XRPUSDT,
    });
    expect(risk.available).toBe('0');
    expect(risk.mm).toBe('0.0065');
    expect(risk.othersMaintain).toBe(
      maintenanceMargin(BTC, '31000').plus(maintenanceMargin(ETH, '21000')).toFixed(),
    );
  });
});

describe('TP/SL validation (spec section 5)', () => {
  const isolatedLong = tpSlBounds(long, new Decimal('19698.49'));
  const isolatedShort = tpSlBounds(short, new Decimal('20298.51'));

  it('fixed margin: a long is invalid at or below the lower bound (its liquidation price)', () => {
    const check = (price: string) =>
      validateTpSlPrice({
        marginMode: MARGIN_MODE.isolated,
        side: long,
        price,
        bounds: isolatedLong,
      });
    expect(check('19698.49')).toBe('');
    expect(check('19000')).toBe('');
    expect(check('19698.5')).toBe('19698.5');
    expect(check('21000')).toBe('21000');
  });

  it('fixed margin: a short is invalid at or above the upper bound, or negative', () => {
    const check = (price: string) =>
      validateTpSlPrice({
        marginMode: MARGIN_MODE.isolated,
        side: short,
        price,
        bounds: isolatedShort,
      });
    expect(check('20298.51')).toBe('');
    expect(check('-1')).toBe('');
    expect(check('0')).toBe('0');
    expect(check('19000')).toBe('19000');
  });

  it('cross margin: invalid outside either bound, the bounds themselves accepted', () => {
    const longCheck = (price: string) =>
      validateTpSlPrice({ marginMode: MARGIN_MODE.cross, side: long, price, bounds: isolatedLong });
    expect(longCheck('19698.49')).toBe('19698.49');
    expect(longCheck('19698.48')).toBe('');
    const shortCheck = (price: string) =>
      validateTpSlPrice({
        marginMode: MARGIN_MODE.cross,
        side: short,
        price,
        bounds: isolatedShort,
      });
    expect(shortCheck('20298.51')).toBe('20298.51');
    expect(shortCheck('20298.52')).toBe('');
    expect(shortCheck('-0.01')).toBe('');
  });

  it('an empty or non-numeric price gives an empty result; no liquidation price leaves the side open', () => {
    expect(
      validateTpSlPrice({
        marginMode: MARGIN_MODE.cross,
        side: long,
        price: 'abc',
        bounds: isolatedLong,
      }),
    ).toBe('');
    expect(
      validateTpSlPrice({
        marginMode: MARGIN_MODE.cross,
        side: long,
        price: '',
        bounds: isolatedLong,
      }),
    ).toBe('');
    const open = tpSlBounds(short, null);
    expect(
      validateTpSlPrice({
        marginMode: MARGIN_MODE.isolated,
        side: short,
        price: '99999999',
        bounds: open,
      }),
    ).toBe('99999999');
  });
});
