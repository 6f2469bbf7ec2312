/**
 * Mark price and funding: the index (the spot mid), the premium and the
 * smoothed basis, the mark as the median of three, the predicted funding
 * rate, and the settlement that moves funding from payers to receivers.
 */
import { Decimal, MARGIN_MODE, type DecimalValue, type PositionSide } from '@quay/core';
import type { Leg } from '../../../kernel/journal';
import {
  LONG,
  SHORT,
  decimalOfMinor,
  minorCeil,
  valueOf,
  walletOf,
  type Position,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { MarkState } from './futures-commands';
import type { FuturesHostState, MarketState } from './futures-host-state';

/** Interest part of the funding rate per 8 hours, as the large exchanges use. */
const INTEREST_PER_8H = new Decimal('0.0001');
const EIGHT_HOURS = 8 * 3600 * 1000;
/** Smoothing of the book basis in the mark price: about five minutes of one-second ticks. */
const BASIS_ALPHA = new Decimal(2).div(301);

export function updateMark(host: FuturesHostState, state: MarketState, now: number): void {
  const { market } = state;
  const tick = new Decimal(market.config.tickSize);
  const bid = state.book.bestBid();
  const ask = state.book.bestAsk();
  const mid =
    bid !== undefined && ask !== undefined ? new Decimal(bid + ask).div(2).times(tick) : null;
  const index =
    host.options.indexPrice(market.spotSymbol) ??
    mid ??
    (state.lastTicks ? tick.times(state.lastTicks) : null);
  state.index = index;
  if (!index || index.lte(0)) return;
  if (bid !== undefined && ask !== undefined) {
    const b = tick.times(bid);
    const a = tick.times(ask);
    const premium = Decimal.max(0, b.minus(index))
      .minus(Decimal.max(0, index.minus(a)))
      .div(index);
    state.premiumSum = state.premiumSum.plus(premium);
    state.premiumCount += 1;
  }
  if (mid) {
    const basis = mid.minus(index);
    state.basis = state.basis
      ? state.basis.plus(basis.minus(state.basis).times(BASIS_ALPHA))
      : basis;
  }
  const rate = predictedRate(host, state);
  const toNext = new Decimal(Math.max(0, state.nextFundingTime - now)).div(
    host.options.fundingIntervalMs,
  );
  const p1 = index.times(rate.times(toNext).plus(1));
  const p2 = index.plus(state.basis ?? 0);
  const last = state.lastTicks ? tick.times(state.lastTicks) : p2;
  const median = [p1, p2, last].sort((x, y) => x.comparedTo(y))[1] as DecimalValue;
  state.markTicks = Math.max(
    1,
    median.div(tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
  );
}

export function interestRate(host: FuturesHostState): DecimalValue {
  return INTEREST_PER_8H.times(host.options.fundingIntervalMs).div(EIGHT_HOURS);
}

/** Premium index averaged over the interval, plus the clamped interest part, within the market's cap. */
export function predictedRate(host: FuturesHostState, state: MarketState): DecimalValue {
  const premium =
    state.premiumCount > 0 ? state.premiumSum.div(state.premiumCount) : new Decimal(0);
  const interest = interestRate(host);
  const clamp = new Decimal('0.0005');
  const rate = premium.plus(Decimal.min(clamp, Decimal.max(clamp.neg(), interest.minus(premium))));
  const tier = state.market.config.tiers[0];
  const cap = tier
    ? new Decimal(1).div(tier.maxLeverage).minus(tier.maintenanceRate).times('0.75')
    : new Decimal('0.0075');
  return Decimal.min(cap, Decimal.max(cap.neg(), rate)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
}

export function markState(host: FuturesHostState, symbol: string): MarkState {
  const state = host.marketState(symbol);
  return {
    symbol,
    markTicks: state.markTicks,
    index: state.index,
    lastTicks: state.lastTicks,
    fundingRate: predictedRate(host, state),
    lastFundingRate: state.lastFundingRate,
    interestRate: interestRate(host),
    nextFundingTime: state.nextFundingTime,
    time: host.options.now(),
  };
}

/**
 * Settles funding: each position pays or receives size x mark x rate
 * (longs pay shorts when the rate is positive). What the payers pay is
 * shared among the receivers in proportion to their size, to the unit,
 * so nothing is created or lost.
 */
export function settleFunding(
  host: FuturesHostState,
  state: MarketState,
  batch: FuturesBatch,
): void {
  const { market } = state;
  const symbol = market.config.symbol;
  const coin = market.config.quote;
  const rate = predictedRate(host, state);
  const time = state.nextFundingTime;
  state.lastFundingRate = rate;
  state.premiumSum = new Decimal(0);
  state.premiumCount = 0;
  state.nextFundingTime = host.nextFundingAfter(Math.max(batch.now, time));
  const mark = state.markTicks || state.lastTicks;
  const markText = mark ? host.priceText(market, mark) : '0';
  batch.docs.push({
    table: 'futures_funding',
    row: {
      id: `rate:${symbol}:${time}`,
      user_id: '@rate',
      symbol,
      created_at: time,
      data: JSON.stringify({ symbol, rate: rate.toFixed(), markPrice: markText, time }),
    },
  });
  if (!mark || rate.isZero()) return;
  const held = [...host.positions.values()].filter((p) => p.symbol === symbol && p.lots > 0);
  const payerSide: PositionSide = rate.gt(0) ? LONG : SHORT;
  const payers = held.filter((p) => p.side === payerSide);
  const receivers = held.filter((p) => p.side !== payerSide);
  if (payers.length === 0 || receivers.length === 0) return;
  const absRate = rate.abs();
  const ref = `funding:${symbol}:${time}`;
  let collected = 0n;
  const legs: Leg[] = [];
  const paid = new Map<Position, bigint>();
  for (const p of payers) {
    const due = minorCeil(decimalOfMinor(valueOf(market, mark, p.lots)).times(absRate));
    const account = walletOf(p.owner);
    const w = host.wallet(account, coin);
    // Isolated positions pay from their margin, cross ones from the wallet; never more than there is.
    const from = p.marginMode === MARGIN_MODE.isolated ? 'frozen' : 'available';
    const has = from === 'frozen' ? p.margin : w.available;
    const amount = due <= has ? due : has > 0n ? has : 0n;
    if (amount === 0n) continue;
    if (from === 'frozen') p.margin -= amount;
    legs.push({ userId: account, coin, bucket: from, amount: -amount });
    collected += amount;
    paid.set(p, amount);
  }
  const totalLots = receivers.reduce((s, p) => s + BigInt(p.lots), 0n);
  const shares = receivers.map((p) => (collected * BigInt(p.lots)) / totalLots);
  let rest = collected - shares.reduce((s, x) => s + x, 0n);
  for (let i = 0; rest > 0n; i = (i + 1) % shares.length, rest -= 1n)
    shares[i] = (shares[i] ?? 0n) + 1n;
  receivers.forEach((p, i) => {
    const amount = shares[i] ?? 0n;
    if (amount === 0n) return;
    const account = walletOf(p.owner);
    const to = p.marginMode === MARGIN_MODE.isolated ? 'frozen' : 'available';
    if (to === 'frozen') p.margin += amount;
    legs.push({ userId: account, coin, bucket: to, amount });
    paid.set(p, amount);
  });
  if (legs.length === 0) return;
  host.post(batch, ref, 'funding', legs);
  for (const [p, amount] of paid) {
    const signed = p.side === payerSide ? -amount : amount;
    p.realised += signed;
    p.updatedAt = batch.now;
    batch.positions.set(p.id, p);
    batch.funding.push({
      id: `${ref}:${p.id}`,
      owner: p.owner,
      symbol,
      positionSide: p.side,
      amount: signed,
      rate: rate.toFixed(),
      lots: p.lots,
      mark: markText,
      time,
    });
  }
}
