/**
 * The copier: the futures host's fill hook. Before each command it notes
 * the lead traders' positions; after a command that filled a lead's order it
 * compares them and, in the same batch, places each active follower's
 * market order through the futures host (real orders on the book): what the
 * lead closed the follower closes in proportion (all of it once the lead's
 * position is gone), what the lead opened the follower opens by its sizing
 * mode. An order the host refuses (margin short, risk limit, no liquidity)
 * leaves a skipped record with its error code and moves nothing. Records
 * are kept for the batch and written once it has committed.
 */
import { ERRORS, type PositionSide } from '@quay/core';
import type { CopyLeverageMode, CopySizeMode } from '@quay/core/copy-trading';
import { AppError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { fromMinor } from '../../kernel/money';
import {
  LONG,
  SHORT,
  walletOf,
  valueOf,
  type FillDoc,
  type FuturesDesk,
  type FuturesFillHook,
  type Order,
} from '../futures';
import { copyLots } from './copy-sizing';
import { Decimal, copyOwnerOf } from './copy-types';
import type { CopyLeadTradeRow, CopyTradeRow } from './copy-trading-repository';

export interface ActiveFollow {
  id: string;
  leadId: string;
  sizeMode: CopySizeMode;
  size: string;
  leverageMode: CopyLeverageMode;
  leverage: number | null;
  /** Symbols with a fixed leverage of their own. */
  symbolLeverage: Record<string, number>;
}

export interface LeadTerms {
  symbols: Set<string>;
}

const SIDES: PositionSide[] = [LONG, SHORT];

export class Copier implements FuturesFillHook {
  readonly leads = new Map<string, LeadTerms>();
  /** Active follows by lead. */
  readonly follows = new Map<string, ActiveFollow[]>();
  private snapshot = new Map<string, number>();
  private trades: CopyTradeRow[] = [];
  private leadTrades: CopyLeadTradeRow[] = [];

  constructor(
    private readonly write: (trades: CopyTradeRow[], leadTrades: CopyLeadTradeRow[]) => void,
  ) {}

  addFollow(f: ActiveFollow): void {
    const list = this.follows.get(f.leadId) ?? [];
    list.push(f);
    this.follows.set(f.leadId, list);
  }

  removeFollow(leadId: string, followId: string): void {
    const list = (this.follows.get(leadId) ?? []).filter((f) => f.id !== followId);
    if (list.length > 0) this.follows.set(leadId, list);
    else this.follows.delete(leadId);
  }

  begin(): Iterable<string> {
    this.trades = [];
    this.leadTrades = [];
    const accounts: string[] = [];
    for (const list of this.follows.values()) {
      for (const f of list) accounts.push(walletOf(copyOwnerOf(f.id)));
    }
    return accounts;
  }

  beforeCommand(desk: FuturesDesk): void {
    this.snapshot.clear();
    // Only a lead someone follows is copied: the others need no look before each command.
    for (const lead of this.follows.keys()) {
      if (!this.leads.has(lead)) continue;
      for (const p of desk.positions(lead)) {
        this.snapshot.set(`${lead}|${p.symbol}|${p.side}`, p.lots);
      }
    }
  }

  afterCommand(fills: readonly FillDoc[], desk: FuturesDesk): void {
    // Per lead and symbol, the lead's orders that filled.
    const touched = new Map<
      string,
      { lead: string; symbol: string; orders: Set<number>; price: number }
    >();
    for (const fill of fills) {
      if (!this.leads.has(fill.owner)) continue;
      const market = desk.market(fill.symbol);
      this.leadTrades.push({
        id: `${fill.id}`,
        lead_id: fill.owner,
        symbol: fill.symbol,
        side: fill.side,
        quantity: new Decimal(fill.lots)
          .times(market.config.lotSize)
          .toFixed(market.scale.quantityDecimals),
        price: new Decimal(fill.priceTicks)
          .times(market.config.tickSize)
          .toFixed(market.scale.priceDecimals),
        realised: fill.realised.toString(),
        fee: fill.fee.toString(),
        created_at: fill.time,
      });
      const key = `${fill.owner}|${fill.symbol}`;
      const entry = touched.get(key) ?? {
        lead: fill.owner,
        symbol: fill.symbol,
        orders: new Set<number>(),
        price: 0,
      };
      entry.orders.add(fill.orderId);
      entry.price = fill.priceTicks;
      touched.set(key, entry);
    }
    for (const { lead, symbol, orders, price } of touched.values()) {
      if (!this.leads.get(lead)?.symbols.has(symbol)) continue;
      const follows = this.follows.get(lead);
      if (!follows?.length) continue;
      const leadOrders = [...orders]
        .map((id) => desk.order(id))
        .filter((o): o is Order => o !== undefined);
      const leadOrderId = leadOrders[0]?.id ?? 0;
      const orderLots = leadOrders.reduce((s, o) => s + o.lots, 0);
      for (const side of SIDES) {
        const before = this.snapshot.get(`${lead}|${symbol}|${side}`) ?? 0;
        const after = desk.position(lead, symbol, side)?.lots ?? 0;
        if (after >= before) continue;
        for (const f of follows) this.close(desk, f, symbol, side, before, after, leadOrderId);
      }
      for (const side of SIDES) {
        const before = this.snapshot.get(`${lead}|${symbol}|${side}`) ?? 0;
        const held = desk.position(lead, symbol, side);
        const after = held?.lots ?? 0;
        if (after <= before || !held) continue;
        for (const f of follows) {
          const opened = after - before;
          this.open(
            desk,
            f,
            symbol,
            side,
            { opened, orderLots, price, leverage: held.leverage },
            leadOrderId,
          );
        }
      }
    }
  }

  committed(): void {
    if (this.trades.length + this.leadTrades.length === 0) return;
    const trades = this.trades;
    const leadTrades = this.leadTrades;
    this.trades = [];
    this.leadTrades = [];
    this.write(trades, leadTrades);
  }

  private close(
    desk: FuturesDesk,
    f: ActiveFollow,
    symbol: string,
    side: PositionSide,
    before: number,
    after: number,
    leadOrderId: number,
  ): void {
    const owner = copyOwnerOf(f.id);
    const held = desk.position(owner, symbol, side);
    if (!held) return;
    const lots =
      after === 0 ? held.lots : Math.floor((held.lots * (before - after)) / Math.max(before, 1));
    if (lots <= 0) return;
    this.place(desk, f, symbol, side === LONG ? 'sell' : 'buy', 'close', lots, leadOrderId);
  }

  private open(
    desk: FuturesDesk,
    f: ActiveFollow,
    symbol: string,
    side: PositionSide,
    lead: { opened: number; orderLots: number; price: number; leverage: number },
    leadOrderId: number,
  ): void {
    const owner = copyOwnerOf(f.id);
    const market = desk.market(symbol);
    const leverage = Math.min(
      f.symbolLeverage[symbol] ??
        (f.leverageMode === 'fixed' && f.leverage ? f.leverage : lead.leverage),
      market.maxLeverage,
    );
    const tradeSide = side === LONG ? 'buy' : 'sell';
    const settings = desk.symbolSettings(owner, symbol);
    const current = side === LONG ? settings.long : settings.short;
    if (current !== leverage && !desk.position(owner, symbol, side)) {
      try {
        desk.setLeverage(owner, symbol, leverage);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    // Sized at the lead's fill price.
    const lots = copyLots({
      mode: f.sizeMode,
      size: f.size,
      leverage,
      leadOpenedLots: lead.opened,
      leadOrderLots: Math.max(lead.orderLots, lead.opened),
      lotValue: valueOf(market, lead.price || desk.markOf(symbol) || 1, 1),
      lotSize: market.config.lotSize,
    });
    if (lots <= 0) {
      this.skip(desk, f, symbol, tradeSide, 'open', 0, leadOrderId, ERRORS.QUANTITY_INVALID.code);
      return;
    }
    this.place(desk, f, symbol, tradeSide, 'open', lots, leadOrderId);
  }

  private place(
    desk: FuturesDesk,
    f: ActiveFollow,
    symbol: string,
    side: 'buy' | 'sell',
    action: 'open' | 'close',
    lots: number,
    leadOrderId: number,
  ): void {
    const owner = copyOwnerOf(f.id);
    let order: Order;
    try {
      order = desk.place(owner, {
        symbol,
        side,
        positionSide: null,
        type: 'market',
        timeInForce: null,
        priceTicks: 0,
        lots,
        reduceOnly: action === 'close',
        clientOrderId: null,
        tp: 0,
        sl: 0,
        tpslTrigger: 'mark',
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.skip(desk, f, symbol, side, action, lots, leadOrderId, err.code);
      return;
    }
    const market = desk.market(symbol);
    const filled = order.filledLots;
    this.trades.push({
      id: newId(),
      follow_id: f.id,
      lead_order_id: leadOrderId,
      order_id: order.id,
      symbol,
      side,
      action,
      status: filled > 0 ? 'filled' : 'skipped',
      quantity: new Decimal(filled)
        .times(market.config.lotSize)
        .toFixed(market.scale.quantityDecimals),
      price:
        filled > 0
          ? new Decimal(fromMinor(order.filledValue))
              .div(new Decimal(filled).times(market.config.lotSize))
              .toFixed(market.scale.priceDecimals)
          : null,
      realised: order.realised.toString(),
      fee: order.fee.toString(),
      reason: filled > 0 ? null : ERRORS.NO_LIQUIDITY.code,
      created_at: desk.now,
    });
  }

  private skip(
    desk: FuturesDesk,
    f: ActiveFollow,
    symbol: string,
    side: 'buy' | 'sell',
    action: 'open' | 'close',
    lots: number,
    leadOrderId: number,
    reason: string,
  ): void {
    const market = desk.market(symbol);
    this.trades.push({
      id: newId(),
      follow_id: f.id,
      lead_order_id: leadOrderId,
      order_id: null,
      symbol,
      side,
      action,
      status: 'skipped',
      quantity: new Decimal(lots)
        .times(market.config.lotSize)
        .toFixed(market.scale.quantityDecimals),
      price: null,
      realised: '0',
      fee: '0',
      reason,
      created_at: desk.now,
    });
  }
}
