/**
 * Perpetual orders, fills, positions, the futures account and settings on
 * the wire, and the bodies that change them. Every figure is a decimal
 * string; times are epoch milliseconds. Enumerations are those of
 * futures-tiers.ts: position side 1 long / 2 short, margin mode 1 isolated /
 * 2 cross, position mode 1 one-way / 2 hedge.
 */
import type { MarginMode, PositionMode, PositionSide } from './futures-tiers';
import type { OrderCancelReason, OrderSide } from './spot-api';

export type FuturesOrderType = 'limit' | 'market';
export type FuturesTimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export type FuturesOrderStatus =
  'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED';
/** Why an order exists: the user's own, a TP/SL or plan that fired, a liquidation or a deleveraging. */
export type FuturesOrderSource = 'user' | 'plan' | 'tp' | 'sl' | 'liquidation' | 'adl';
export type TriggerPriceType = 'mark' | 'last';

/** The body of POST /v1/futures/order/place. */
export interface PlaceFuturesOrder {
  symbol: string;
  /** buy opens a long or closes a short; sell the other way. */
  side: OrderSide;
  /** Hedge mode only: the position the order acts on (1 long, 2 short). */
  positionSide?: PositionSide;
  type: FuturesOrderType;
  timeInForce?: FuturesTimeInForce;
  price?: string;
  /** Base quantity. */
  quantity: string;
  /** Only ever lowers the position; one-way mode only (hedge closes by side). */
  reduceOnly?: boolean;
  clientOrderId?: string;
  /** TP/SL attached at entry: set on the position once the order fills. */
  takeProfitPrice?: string;
  stopLossPrice?: string;
  tpSlTrigger?: TriggerPriceType;
}

export interface FuturesOrder {
  orderId: string;
  clientOrderId: string | null;
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  /** True when it only lowers a position (reduce-only, or a close in hedge mode). */
  reduceOnly: boolean;
  type: FuturesOrderType;
  timeInForce: FuturesTimeInForce | null;
  /** '' for market orders. */
  price: string;
  quantity: string;
  filledQuantity: string;
  /** '' before a fill. */
  avgPrice: string;
  leverage: string;
  marginMode: MarginMode;
  /** Realised PnL of the closing fills, fees not included. */
  realisedPnl: string;
  fee: string;
  status: FuturesOrderStatus;
  /** Set when the exchange cancelled the rest; null otherwise. */
  cancelReason: OrderCancelReason | null;
  source: FuturesOrderSource;
  takeProfitPrice: string;
  stopLossPrice: string;
  createdAt: number;
  updatedAt: number;
}

export interface FuturesFill {
  fillId: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  role: 'maker' | 'taker';
  price: string;
  quantity: string;
  realisedPnl: string;
  fee: string;
  time: number;
}

/** A position with the spec's fields (futures-risk.ts) and the server's live figures. */
export interface FuturesPosition {
  positionId: string;
  symbol: string;
  /** 1 long, 2 short. */
  side: PositionSide;
  marginMode: MarginMode;
  openLevel: string;
  openAvgPrice: string;
  positionsOpenAvgPrice: string;
  openDealCount: string;
  closeDealCount: string;
  count: string;
  openMarginCount: string;
  positionsOpenMarginCount: string;
  positionsCount: string;
  positionsLevel: string;
  achievedProfits: string;
  markPrice: string;
  /** Unrealised PnL at the mark. */
  unrealisedPnl: string;
  /** '' when none (a negative result). */
  liquidationPrice: string;
  maintenanceMargin: string;
  /** Maintenance margin over margin balance, as a fraction. */
  marginRatio: string;
  breakEvenPrice: string;
  /** Close-position TP/SL trigger prices, '' when unset. */
  takeProfitPrice: string;
  stopLossPrice: string;
  tpSlTrigger: TriggerPriceType;
  createdAt: number;
  updatedAt: number;
}

/** The futures wallet of the caller. */
export interface FuturesAccount {
  coin: string;
  positionMode: PositionMode;
  /** Deposits in minus transfers out, plus realised PnL, fees and funding. */
  walletBalance: string;
  unrealisedPnl: string;
  /** walletBalance + unrealisedPnl. */
  marginBalance: string;
  /** Margin of isolated positions (allocated) plus initial margin of cross positions. */
  positionMargin: string;
  /** Margin and opening fee held by open orders. */
  orderMargin: string;
  /** What a new order may use. */
  availableBalance: string;
  /** What may be transferred out now. */
  maxTransferable: string;
  maintenanceMargin: string;
  /** Cross maintenance margin over cross margin balance, as a fraction. */
  marginRatio: string;
}

export interface FuturesSettings {
  symbol: string;
  positionMode: PositionMode;
  marginMode: MarginMode;
  /** One-way mode uses longLeverage for both. */
  longLeverage: number;
  shortLeverage: number;
  maxLeverage: number;
}

export interface SetLeverage {
  symbol: string;
  leverage: number;
  /** Hedge mode: one side only; omitted sets both. */
  positionSide?: PositionSide;
}

export interface SetMarginMode {
  symbol: string;
  marginMode: MarginMode;
}

export interface SetPositionMode {
  positionMode: PositionMode;
}

export type TransferDirection = 'toFutures' | 'toSpot';

export interface FuturesTransfer {
  coin: string;
  amount: string;
  direction: TransferDirection;
}

export interface AdjustMargin {
  symbol: string;
  positionSide: PositionSide;
  /** 'add' from the wallet, 'reduce' back to it. */
  type: 'add' | 'reduce';
  amount: string;
}

export interface ClosePosition {
  symbol: string;
  positionSide: PositionSide;
  type: FuturesOrderType;
  /** Limit closes only. */
  price?: string;
  /** Omitted closes the whole position. */
  quantity?: string;
}

export interface SetPositionTpSl {
  symbol: string;
  positionSide: PositionSide;
  /** '' clears it; omitted leaves it. */
  takeProfitPrice?: string;
  stopLossPrice?: string;
  tpSlTrigger?: TriggerPriceType;
}
