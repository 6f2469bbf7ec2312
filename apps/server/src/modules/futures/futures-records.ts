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

const BILL_KINDS: Record<string, FuturesBillType> = {
  transfer: 'transfer_in',
  realised_pnl: 'realised_pnl',
  fee: 'fee',
  funding: 'funding',
  fund_inflow: 'liquidation',
  fund_payout: 'liquidation',
  socialised_loss: 'adl',
};

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

  /** Changes of the futures wallet, one per reference (a margin move within the wallet is not one). */
  async bills(
    owner: string,
    side: LedgerSide,
    q: RecordsQuery,
    paging: Paging,
  ): Promise<Page<FuturesBill>> {
    const coin = this.ctx.coinOf(side);
    const entries = await this.ctx.store.repos.ledger.entriesOf(walletOf(owner), coin, 10_000);
    const byRef = new Map<string, FuturesBill & { sum: bigint }>();
    for (const e of entries) {
      const kind = e.kind;
      let type: FuturesBillType | undefined = BILL_KINDS[kind];
      if (!type) continue;
      const prev = byRef.get(e.ref);
      if (prev) {
        prev.sum += BigInt(e.amount);
        continue;
      }
      if (kind === 'transfer') type = BigInt(e.amount) > 0n ? 'transfer_in' : 'transfer_out';
      if (e.ref.startsWith('adl')) type = 'adl';
      if (e.ref.startsWith('pnl:') && e.ref.includes(':liq:')) type = 'liquidation';
      byRef.set(e.ref, {
        id: e.ref,
        type,
        symbol: kind === 'transfer' ? '' : (e.ref.split(':')[1] ?? ''),
        amount: '',
        coin,
        time: Number(e.created_at),
        sum: BigInt(e.amount),
      });
    }
    let bills = [...byRef.values()].filter((b) => b.sum !== 0n);
    if (q.type) bills = bills.filter((b) => b.type === q.type);
    if (q.symbol) {
      const symbol = this.ctx.market(q.symbol, side).config.symbol;
      bills = bills.filter((b) => b.symbol === symbol);
    }
    if (q.begin) bills = bills.filter((b) => b.time >= Number(q.begin));
    if (q.end) bills = bills.filter((b) => b.time < Number(q.end));
    bills.sort((a, b) => b.time - a.time);
    const items = bills
      .slice(paging.offset, paging.offset + paging.limit)
      .map(({ sum, ...b }) => ({ ...b, amount: fromMinorText(sum) }));
    return pageAnswer(paging, bills.length, items);
  }
}
