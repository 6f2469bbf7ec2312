/**
 * What the futures host holds in memory, and how it is stored: positions,
 * orders, trigger plans and settings, their documents (JSON whose money is
 * integer minor units written as strings), and the position maths bound to
 * a market: core's exact implementation (`futures-exact.ts`) in minor units. A position keeps its entry value as `cost`
 * (minor units of the settlement coin) rather than an average price, so
 * closing part of it realises an exact amount and what stays open keeps the
 * rest to the unit.
 */
import {
  maxLeverageForNotional,
  maxNotionalForLeverage,
  decimalOfUnits,
  lotValue,
  maintenanceMarginOf,
  positionPnl,
  unitsCeil,
  type DecimalValue,
  type FuturesOrderSource,
  type FuturesOrderStatus,
  type FuturesOrderType,
  type FuturesPlanKind,
  type FuturesPlanStatus,
  type FuturesTimeInForce,
  type MarginMode,
  type PositionMode,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';
import { COIN_DECIMALS, minorText } from '../../kernel/money';
import type { PerpMarket } from './perp-markets';

export const LONG = 1 as const;
export const SHORT = 2 as const;

/** The protection fund: a futures account of the exchange that takes over liquidated positions. */
export const PROTECTION_FUND = '@insurance';
/**
 * The counterpart of every open position's entry value: at every moment it
 * holds minus the sum of side x cost over open positions (kernel/journal.ts).
 */
export { CLEARING_ACCOUNT } from '../../kernel/journal';

/** The ledger account of a futures wallet: `f:<user id>`; the exchange's own accounts keep their names. */
export function walletOf(owner: string): string {
  return owner.startsWith('@') ? owner : `f:${owner}`;
}

export function ownerOfWallet(account: string): string {
  return account.startsWith('f:') ? account.slice(2) : account;
}

export interface Position {
  id: string;
  owner: string;
  symbol: string;
  side: PositionSide;
  marginMode: MarginMode;
  leverage: number;
  lots: number;
  /** Entry value of the lots held, minor units. */
  cost: bigint;
  /** Isolated: the margin allocated (in the wallet's frozen bucket). Cross: 0. */
  margin: bigint;
  openedLots: number;
  closedLots: number;
  /** Realised PnL since the position opened, after fees and funding. */
  realised: bigint;
  /** Close-position triggers in ticks, 0 when unset. */
  tp: number;
  sl: number;
  tpslTrigger: TriggerPriceType;
  createdAt: number;
  updatedAt: number;
}

export interface Order {
  id: number;
  owner: string;
  clientOrderId: string | null;
  symbol: string;
  side: 'buy' | 'sell';
  /** Hedge mode: the position it acts on. One-way: the side it opens (buy long, sell short). */
  positionSide: PositionSide;
  positionMode: PositionMode;
  reduceOnly: boolean;
  type: FuturesOrderType;
  timeInForce: FuturesTimeInForce | null;
  priceTicks: number;
  lots: number;
  filledLots: number;
  filledValue: bigint;
  /** Lots that open exposure (the rest close): what order margin is held for. */
  openLots: number;
  leverage: number;
  marginMode: MarginMode;
  realised: bigint;
  fee: bigint;
  status: FuturesOrderStatus;
  /** Set when the exchange cancelled the rest (absent on documents from before it). */
  cancelReason?: 'PRICE_PROTECTION';
  source: FuturesOrderSource;
  tp: number;
  sl: number;
  tpslTrigger: TriggerPriceType;
  createdAt: number;
  updatedAt: number;
}

export interface Plan {
  id: number;
  owner: string;
  kind: FuturesPlanKind;
  symbol: string;
  side: 'buy' | 'sell';
  positionSide: PositionSide | 0;
  triggerTicks: number;
  triggerBy: TriggerPriceType;
  /** Fires when the price reaches the trigger from below (true) or from above. */
  above: boolean;
  type: FuturesOrderType;
  priceTicks: number;
  lots: number;
  reduceOnly: boolean;
  status: FuturesPlanStatus;
  orderId: number;
  failCode: string;
  /** Trailing stops only (kind 'trailing'); stored with the plan so a restart keeps what was tracked. */
  trailing?: TrailingState;
  createdAt: number;
  updatedAt: number;
}

/**
 * A trailing stop's state. A sell stop activates when the price is at or
 * above the activation price and tracks the highest price since; a buy stop
 * activates at or below it and tracks the lowest.
 */
export interface TrailingState {
  /** Callback rate in hundredths of a percent (150 is 1.5 %). */
  callbackBps: number;
  /** 0 when none was given: active from the start. */
  activationTicks: number;
  activated: boolean;
  /** The highest (sell) or lowest (buy) price since activation, in ticks; 0 before. */
  extremeTicks: number;
}

const BPS = 10_000n;

/**
 * The stop price of an active trailing stop, in ticks: the last tick at
 * which it fires. A sell fires at or below extreme x (1 - rate), so the
 * price rounds down; a buy at or above extreme x (1 + rate), so it rounds up.
 */
export function trailingStopTicks(side: 'buy' | 'sell', t: TrailingState): number {
  const extreme = BigInt(t.extremeTicks);
  if (side === 'sell') return Number((extreme * (BPS - BigInt(t.callbackBps))) / BPS);
  const scaled = extreme * (BPS + BigInt(t.callbackBps));
  return Number((scaled + BPS - 1n) / BPS);
}

/**
 * Moves a trailing stop on to a new price in ticks: activates it, follows
 * the extreme, and tells whether it fires now. Integer arithmetic only.
 * `changed` is true when the state moved (and the plan must be stored).
 */
export function trailTo(
  side: 'buy' | 'sell',
  t: TrailingState,
  price: number,
): { changed: boolean; fire: boolean } {
  const sell = side === 'sell';
  if (!t.activated) {
    const reached = sell ? price >= t.activationTicks : price <= t.activationTicks;
    if (!reached) return { changed: false, fire: false };
    t.activated = true;
    t.extremeTicks = price;
    return { changed: true, fire: false };
  }
  if (t.extremeTicks === 0 || (sell ? price > t.extremeTicks : price < t.extremeTicks)) {
    t.extremeTicks = price;
    return { changed: true, fire: false };
  }
  const scaled = BigInt(price) * BPS;
  const bound =
    BigInt(t.extremeTicks) * (sell ? BPS - BigInt(t.callbackBps) : BPS + BigInt(t.callbackBps));
  return { changed: false, fire: sell ? scaled <= bound : scaled >= bound };
}

export interface SymbolSettings {
  marginMode: MarginMode;
  long: number;
  short: number;
}

export interface FillDoc {
  id: number;
  owner: string;
  orderId: number;
  symbol: string;
  side: 'buy' | 'sell';
  positionSide: PositionSide;
  role: 'maker' | 'taker';
  priceTicks: number;
  lots: number;
  realised: bigint;
  fee: bigint;
  time: number;
}

export interface FundingDoc {
  id: string;
  owner: string;
  symbol: string;
  positionSide: PositionSide;
  amount: bigint;
  rate: string;
  lots: number;
  mark: string;
  time: number;
}

const BIG_FIELDS = new Set(['cost', 'margin', 'realised', 'filledValue', 'fee', 'amount']);

export function toDoc(value: object): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export function fromDoc<T>(text: string): T {
  return JSON.parse(text, (key, v: unknown) =>
    BIG_FIELDS.has(key) && typeof v === 'string' ? BigInt(v) : v,
  ) as T;
}

export function positionKey(owner: string, symbol: string, side: PositionSide): string {
  return `${owner}|${symbol}|${side}`;
}

export function directionOfSide(side: PositionSide): 1n | -1n {
  return side === LONG ? 1n : -1n;
}

/** The position side an order's direction opens: buy long, sell short. */
export function openingSide(side: 'buy' | 'sell'): PositionSide {
  return side === 'buy' ? LONG : SHORT;
}

/** Value of lots at a price in ticks, minor units (core's `lotValue` at the market's scale). */
export function valueOf(market: PerpMarket, ticks: number, lots: number): bigint {
  return lotValue(ticks, lots, market.scale.quotePerTickLot);
}

/** Unrealised PnL of a position at a price in ticks, minor units (core's `positionPnl`). */
export function pnlAt(market: PerpMarket, position: Position, ticks: number): bigint {
  return positionPnl(position.side, valueOf(market, ticks, position.lots), position.cost);
}

export function decimalOfMinor(minor: bigint): DecimalValue {
  return decimalOfUnits(minor, COIN_DECIMALS);
}

/** Minor units as decimal text without trailing zeros, as answers and messages show amounts. */
export function fromMinorText(minor: bigint): string {
  return minorText(minor);
}

/** A decimal amount as minor units, rounded up (what is owed is never rounded away). */
export function minorCeil(value: DecimalValue): bigint {
  return unitsCeil(value, COIN_DECIMALS);
}

/** Maintenance margin of a position at a price in ticks, minor units (core's `maintenanceMarginOf`, rounded up). */
export function maintenanceAt(market: PerpMarket, lots: number, ticks: number): bigint {
  return maintenanceMarginOf(market.config.tiers, valueOf(market, ticks, lots), COIN_DECIMALS);
}

/** The highest leverage the tiers allow for a notional in minor units (core's tier maths). */
export function leverageCapAt(market: PerpMarket, notional: bigint): number {
  return maxLeverageForNotional(market.config.tiers, decimalOfMinor(notional));
}

/** The largest notional (minor units) a leverage may hold under the tiers (core's tier maths). */
export function notionalCapOf(market: PerpMarket, leverage: number): bigint {
  return minorCeil(maxNotionalForLeverage(market.config.tiers, leverage));
}
