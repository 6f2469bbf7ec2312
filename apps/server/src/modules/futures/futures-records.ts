/**
 * The futures records, newest first and by page: finished orders, fills,
 * trigger plans that are done, funding payments and the bills of the
 * futures wallet.
 */
import type {
  FundingPayment,
  FuturesBill,
  FuturesBillType,
  FuturesFill,
  FuturesOrder,
  FuturesPlan,
  Page,
} from '@quay/core';
import type { FuturesContext } from './futures-context';
import { fromMinorText } from './futures-host';
import {
  fromDoc,
  walletOf,
  type FillDoc,
  type FundingDoc,
  type Order,
  type Plan,
} from './futures-state';
import type { FuturesWire } from './futures-wire';
import type { LedgerSide } from '../../kernel/coins';
import type { MovementQuery, MovementRule } from '../../kernel/db/movements-repository';
import { pageAnswer, type Paging } from '../../kernel/http/paging';

/** The filters of a records query, as typed. */
export interface RecordsQuery {
  symbol?: string | undefined;
  /** Epoch milliseconds: from `begin` inclusive to `end` exclusive. */
  begin?: string | undefined;
  end?: string | undefined;
  /** Bills only: one type. */
  type?: string | undefined;
}

/** The journal kinds that change a futures wallet's balance (a margin move only moves within it). */
const BILL_KINDS = [
  'transfer',
  'realised_pnl',
  'fee',
  'funding',
  'fund_inflow',
  'fund_payout',
  'socialised_loss',
];

/** A bill's type from its journal reference and kind, first match wins. */
const BILL_RULES: Array<MovementRule & { class: FuturesBillType }> = [
  // A liquidation's close realises its PnL under `pnl:<symbol>:liq:...`.
  { class: 'liquidation', refLike: 'pnl:%:liq:%' },
  { class: 'adl', refLike: 'adl%' },
  { class: 'transfer_in', kinds: ['transfer'], sign: 1 },
  { class: 'transfer_out', kinds: ['transfer'] },
  { class: 'realised_pnl', kinds: ['realised_pnl'] },
  { class: 'fee', kinds: ['fee'] },
  { class: 'funding', kinds: ['funding'] },
  { class: 'liquidation', kinds: ['fund_inflow', 'fund_payout'] },
  { class: 'adl', kinds: ['socialised_loss'] },
];

export class FuturesRecords {
  constructor(
    private readonly ctx: FuturesContext,
    private readonly wire: FuturesWire,
  ) {}

  private async paged<T, D>(
    table: 'futures_orders' | 'futures_fills' | 'futures_plans' | 'futures_funding',
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
    statuses: string[] | null,
    map: (doc: D) => T,
  ): Promise<Page<T>> {
    const { total, rows } = await this.ctx.store.repos.futures.page(table, {
      userId: owner,
      symbols: this.ctx.symbolsOf(side, q.symbol),
      statuses,
      begin: q.begin ? Number(q.begin) : null,
      end: q.end ? Number(q.end) : null,
      offset: paging.offset,
      limit: paging.limit,
    });
    return pageAnswer(
      paging,
      total,
      rows.map((r) => map(fromDoc<D>(r))),
    );
  }

  orderHistory(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FuturesOrder>> {
    return this.paged(
      'futures_orders',
      owner,
      side,
      q,
      paging,
      ['FILLED', 'CANCELED', 'PARTIALLY_CANCELED'],
      (o: Order) => this.wire.orderToWire(o),
    );
  }

  fills(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FuturesFill>> {
    return this.paged('futures_fills', owner, side, q, paging, null, (f: FillDoc) =>
      this.wire.fillToWire(f),
    );
  }

  planHistory(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FuturesPlan>> {
    return this.paged(
      'futures_plans',
      owner,
      side,
      q,
      paging,
      ['TRIGGERED', 'CANCELED', 'FAILED'],
      (p: Plan) => this.wire.planToWire(p),
    );
  }

  fundingHistory(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FundingPayment>> {
    return this.paged('futures_funding', owner, side, q, paging, null, (f: FundingDoc) =>
      this.wire.fundingToWire(f),
    );
  }

  /**
   * Changes of the futures wallet, one per reference (a margin move within
   * the wallet sums to zero and is not one), newest first, through the
   * whole journal.
   */
  async bills(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FuturesBill>> {
    const coin = this.ctx.coinOf(side);
    const movements: MovementQuery = {
      userId: walletOf(owner),
      coin,
      kinds: BILL_KINDS,
      rules: BILL_RULES,
      refPart: q.symbol ? this.ctx.market(q.symbol, side).config.symbol : null,
      class: q.type ?? null,
      begin: q.begin ? Number(q.begin) : null,
      end: q.end ? Number(q.end) : null,
    };
    const repo = this.ctx.store.repos.movements;
    const [total, rows] = await Promise.all([
      repo.count(movements),
      repo.page(movements, { order: 'newest', offset: paging.offset, limit: paging.limit }),
    ]);
    return pageAnswer(
      paging,
      total,
      rows.map((m) => ({
        id: m.ref,
        type: m.class as FuturesBillType,
        symbol: m.kind === 'transfer' ? '' : (m.ref.split(':')[1] ?? ''),
        amount: fromMinorText(m.amount),
        coin,
        time: m.time,
      })),
    );
  }
}
