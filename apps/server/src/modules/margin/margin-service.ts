/**
 * Margin accounts: the terms, an account's figures and limits, transfers,
 * borrowing and repaying. Reads come from the store; every money move is a
 * ledger job of the spot host, the one writer of the margin accounts'
 * balances (their orders settle there).
 */
import {
  MARGIN_RECORD_KINDS,
  type MarginAccount,
  type MarginAccountRef,
  type MarginBorrow,
  type MarginConfig,
  type MarginMax,
  type MarginNotice,
  type MarginRecord,
  type MarginRecordKind,
  type MarginRepay,
  type MarginTransfer,
  type Page,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import { COIN_DECIMALS, minorOf, toMinor } from '../../kernel/money';
import type { NamedJob, SpotHost } from '../spot';
import {
  MARGIN_POOL,
  crossKey,
  isolatedKey,
  parseAccount,
  type MarginAccountKey,
} from './margin-accounts';
import type { TransferEnd } from './margin-jobs';
import {
  MARGIN_BORROW,
  MARGIN_REPAY,
  MARGIN_TRANSFER,
  registerMarginJobs,
} from './margin-named-jobs';
import { amountText } from './margin-loans';
import { hourlyRateText } from './margin-math';
import type { MarginStore } from './margin-repositories';
import type { MarginTerms } from './margin-terms';
import { accountToWire, borrowableOf, readAccount, transferableOf } from './margin-views';

export interface RecordQuery {
  kind: MarginRecordKind | null;
  mode: MarginAccountRef['mode'] | null;
  symbol: string | null;
  coin: string | null;
  begin: number | null;
  end: number | null;
}

export class MarginService {
  constructor(
    readonly store: MarginStore,
    readonly spotHost: SpotHost,
    readonly terms: MarginTerms,
  ) {
    registerMarginJobs(spotHost, terms);
  }

  /** The terms on the wire, with what the pool can still lend. */
  async config(): Promise<MarginConfig> {
    const { settings } = this.terms;
    const pool = new Map(
      (await this.store.repos.ledger.balancesOf([MARGIN_POOL])).map((b) => [
        b.coin,
        minorOf(b.available),
      ]),
    );
    return {
      valuationCoin: settings.valuationCoin,
      crossMaxLeverage: settings.crossMaxLeverage,
      callLevel: { ...settings.callLevel },
      liquidationLevel: { ...settings.liquidationLevel },
      liquidationFeeRate: settings.liquidationFeeRate,
      coins: Object.entries(settings.coins).map(([coin, terms]) => ({
        coin,
        dailyRate: terms.dailyRate,
        hourlyRate: hourlyRateText(terms.dailyRate),
        borrowCap: terms.borrowCap,
        poolAvailable: amountText(pool.get(coin) ?? 0n),
      })),
      markets: this.terms.markets().map((m) => ({
        symbol: m.config.symbol,
        base: m.config.base,
        quote: m.config.quote,
        isolated: settings.markets[m.config.symbol]?.isolated ?? false,
        isolatedMaxLeverage: settings.markets[m.config.symbol]?.maxLeverage ?? 2,
      })),
    };
  }

  /** The account a request names; MARGIN_ACCOUNT_INVALID unless it may exist. */
  keyOf(userId: string, ref: MarginAccountRef): MarginAccountKey {
    if (ref.mode === 'cross') return crossKey(userId);
    if (!ref.symbol) throw appError('MARGIN_ACCOUNT_INVALID');
    this.terms.market(ref.symbol, 'isolated');
    return isolatedKey(userId, ref.symbol);
  }

  /** A positive amount of at most 8 decimals. */
  amount(text: string): bigint {
    const minor = toMinor(text);
    if (minor === null || minor === 0n)
      throw appError('AMOUNT_INVALID', { decimals: COIN_DECIMALS });
    return minor;
  }

  async account(userId: string, ref: MarginAccountRef): Promise<MarginAccount> {
    const key = this.keyOf(userId, ref);
    return accountToWire(this.terms, await readAccount(this.store, this.terms, key));
  }

  /** The cross account, then every isolated account that holds or owes anything. */
  async accounts(userId: string): Promise<MarginAccount[]> {
    const out = [await this.account(userId, { mode: 'cross' })];
    for (const market of this.terms.markets()) {
      const { symbol } = market.config;
      if (!this.terms.settings.markets[symbol]?.isolated) continue;
      const state = await readAccount(this.store, this.terms, isolatedKey(userId, symbol));
      const used =
        [...state.held.values()].some((h) => h.available + h.frozen > 0n) ||
        [...state.loans.values()].some((l) => l.principal + l.interest > 0n);
      if (used) out.push(accountToWire(this.terms, state));
    }
    return out;
  }

  async maxBorrowable(userId: string, ref: MarginAccountRef, coin: string): Promise<MarginMax> {
    const key = this.keyOf(userId, ref);
    if (this.terms.dailyRate(coin) === null) throw appError('MARGIN_COIN_INVALID', { coin });
    this.terms.checkCoin(key, coin);
    const state = await readAccount(this.store, this.terms, key);
    return { coin, amount: amountText(await borrowableOf(this.store, this.terms, state, coin)) };
  }

  async maxTransferable(userId: string, ref: MarginAccountRef, coin: string): Promise<MarginMax> {
    const key = this.keyOf(userId, ref);
    this.terms.checkCoin(key, coin);
    const state = await readAccount(this.store, this.terms, key);
    return { coin, amount: amountText(transferableOf(this.terms, state, coin)) };
  }

  private async run<A>(job: NamedJob<A, void>, args: A, users: string[]): Promise<void> {
    await this.spotHost.run(job, args);
    // The spot and margin balance channels hear of it with the next batch.
    await this.spotHost.submit({ kind: 'notice', userIds: users });
  }

  async transfer(userId: string, body: MarginTransfer): Promise<MarginAccount> {
    if (body.from === body.to || (body.from !== 'spot' && body.to !== 'spot' && !body.symbol)) {
      throw appError('MARGIN_TRANSFER_INVALID');
    }
    const amount = this.amount(body.amount);
    const endOf = (wallet: MarginTransfer['from']): TransferEnd => {
      if (wallet === 'spot') return { kind: 'spot', userId };
      const key = this.keyOf(userId, { mode: wallet, symbol: body.symbol });
      this.terms.checkCoin(key, body.coin);
      return { kind: 'margin', key };
    };
    const from = endOf(body.from);
    const to = endOf(body.to);
    await this.run(MARGIN_TRANSFER, { from, to, coin: body.coin, amount }, [userId]);
    const margin = to.kind === 'margin' ? to.key : (from as { key: MarginAccountKey }).key;
    return accountToWire(this.terms, await readAccount(this.store, this.terms, margin));
  }

  async borrow(userId: string, body: MarginBorrow): Promise<MarginAccount> {
    const key = this.keyOf(userId, body);
    const amount = this.amount(body.amount);
    if (this.terms.dailyRate(body.coin) === null) {
      throw appError('MARGIN_COIN_INVALID', { coin: body.coin });
    }
    this.terms.checkCoin(key, body.coin);
    await this.run(MARGIN_BORROW, { key, coin: body.coin, amount }, [userId]);
    return accountToWire(this.terms, await readAccount(this.store, this.terms, key));
  }

  async repay(userId: string, body: MarginRepay): Promise<MarginAccount> {
    const key = this.keyOf(userId, body);
    this.terms.checkCoin(key, body.coin);
    let amount: bigint | null = null;
    if (body.all !== true) {
      if (body.amount === undefined) throw appError('FIELD_MISSING', { field: 'amount' });
      amount = this.amount(body.amount);
    }
    await this.run(MARGIN_REPAY, { key, coin: body.coin, amount }, [userId]);
    return accountToWire(this.terms, await readAccount(this.store, this.terms, key));
  }

  async notices(userId: string): Promise<MarginNotice[]> {
    const rows = await this.store.repos.margin.notices(userId, 50);
    return rows.map((row) => JSON.parse(row.data) as MarginNotice);
  }

  async records(userId: string, query: RecordQuery, paging: Paging): Promise<Page<MarginRecord>> {
    if (query.begin !== null && query.end !== null && query.begin > query.end) {
      throw appError('TIME_RANGE_INVALID');
    }
    let accounts: string[] | null = null;
    if (query.mode !== null) {
      if (query.mode === 'isolated' && !query.symbol) {
        accounts = this.terms.markets().map((m) => isolatedKey(userId, m.config.symbol).id);
      } else {
        accounts = [this.keyOf(userId, { mode: query.mode, symbol: query.symbol ?? undefined }).id];
      }
    }
    const { total, rows } = await this.store.repos.margin.records({
      userId,
      kind: query.kind,
      kinds: query.kind === null ? MARGIN_RECORD_KINDS : null,
      accounts,
      coin: query.coin,
      begin: query.begin,
      end: query.end,
      offset: paging.offset,
      limit: paging.limit,
    });
    const items = rows.map((row): MarginRecord => {
      const data = JSON.parse(row.data) as Record<string, string>;
      const key = parseAccount(row.account) as MarginAccountKey;
      return {
        id: row.id,
        kind: row.kind as MarginRecordKind,
        mode: key.mode,
        symbol: key.symbol,
        coin: row.coin,
        amount: data.amount ?? '0',
        principal: data.principal ?? '0',
        interest: data.interest ?? '0',
        fee: data.fee ?? '0',
        fundCovered: data.fundCovered ?? '0',
        dailyRate: data.dailyRate ?? '',
        time: Number(row.created_at),
      };
    });
    return pageAnswer(paging, total, items);
  }
}
