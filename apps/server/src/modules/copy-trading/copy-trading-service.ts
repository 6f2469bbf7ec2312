/**
 * Copy trading as users see it: applying to lead, following (the
 * investment moves from spot into the copy account, a futures wallet of
 * its own), stopping (closing at market or keeping the positions), the
 * leaderboard, a lead's profile, a follower's copies and their trades;
 * and, on the app's clock, the copies' stop-loss / take-profit and the
 * daily profit-share settlement at 00:00 UTC+8 on a high-water mark, paid
 * from the copy account to the lead through the futures host, the single
 * writer of futures wallets, which journals it in the ledger.
 */
import {
  COPY_PERIODS,
  type ApplyLead,
  type CopyFollow,
  type CopyLeadTrade,
  type CopyLeader,
  type CopyLeaderProfile,
  type CopyLeverageMode,
  type CopyMine,
  type CopyPeriod,
  type CopySizeMode,
  type CopySort,
  type CopyTrade,
  type CopyTradingTerms,
  type FollowLead,
  type StopCopy,
} from '@quay/core/copy-trading';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { toMinor } from '../../kernel/money';
import {
  fromMinorText,
  walletOf,
  type FuturesHost,
  type FuturesService,
  type PerpMarkets,
} from '../futures';
import type { SpotHost } from '../spot';
import { Copier, type ActiveFollow } from './copy-copier';
import { CopyViews, tradeOf } from './copy-trading-views';
import { profitShare } from './copy-sizing';
import { Decimal, copyOwnerOf, symbolLeverageOf, type DecimalValue } from './copy-types';
import type { CopyTradingSettings } from './copy-trading-settings';
import type { CopyTradingStore } from './copy-trading-repositories';
import type {
  CopyFollowRow,
  CopyLeadRow,
  CopyLeadTradeRow,
  CopyTradeRow,
} from './copy-trading-repository';

const DAY = 86_400_000;
const COIN = 'USDT';

export class CopyTradingService {
  private readonly copier: Copier;
  private readonly views: CopyViews;
  private readonly leads = new Map<string, CopyLeadRow>();
  private readonly follows = new Map<string, CopyFollowRow>();
  private timer: NodeJS.Timeout | null = null;
  private serial: Promise<unknown> = Promise.resolve();
  private writes: Promise<unknown> = Promise.resolve();
  private lastDay: number | null = null;

  constructor(
    private readonly store: CopyTradingStore,
    private readonly host: FuturesHost,
    private readonly futures: FuturesService,
    private readonly spotHost: SpotHost,
    private readonly markets: PerpMarkets,
    readonly settings: CopyTradingSettings,
    private readonly now: () => number,
    private readonly onError: (err: unknown, what: string) => void = () => undefined,
  ) {
    this.copier = new Copier((trades, leadTrades) => {
      this.writes = this.writes
        .then(() => this.writeRecords(trades, leadTrades))
        .catch((err: unknown) => this.onError(err, 'copy trading records failed'));
    });
    this.views = new CopyViews(
      store,
      host,
      futures,
      settings,
      now,
      (leadId) => this.copier.follows.get(leadId) ?? [],
      (leadId) => this.leads.get(leadId)?.nickname ?? '',
    );
  }

  /** Reads leads and follows, hooks the copier onto the futures host, and starts the checks. */
  async start(): Promise<void> {
    const repo = this.store.repos.copyTrading;
    for (const lead of await repo.leads()) this.addLead(lead);
    for (const f of await repo.follows()) {
      this.follows.set(f.id, f);
      if (f.status === 'active') this.copier.addFollow(activeOf(f));
    }
    this.lastDay = (await repo.lastSettledDay()) ?? this.dayOf(this.now());
    this.host.setFillHook(this.copier);
  }

  startTimer(): void {
    this.timer = setInterval(() => {
      this.check().catch((err: unknown) => this.onError(err, 'copy trading check failed'));
    }, this.settings.check_ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.host.setFillHook(null);
    await this.serial.catch(() => undefined);
    await this.writes;
  }

  /** Waits until the records of every committed copy are written (tests). */
  async flushed(): Promise<void> {
    await this.host.idle();
    await this.writes;
  }

  // ----- public --------------------------------------------------------------

  terms(): CopyTradingTerms {
    return {
      minLeadEquity: this.settings.minLeadEquity,
      minShareRate: this.settings.minShareRate,
      maxShareRate: this.settings.maxShareRate,
      maxFollowers: this.settings.maxFollowers,
      minInvestment: this.settings.minInvestment,
      symbols: this.symbols(),
    };
  }

  async leaders(period: CopyPeriod, sort: CopySort): Promise<CopyLeader[]> {
    const list = await Promise.all(
      [...this.leads.values()].map((l) => this.views.leaderOf(l, period)),
    );
    const key = (l: CopyLeader): DecimalValue =>
      sort === 'followers' ? new Decimal(l.followers) : new Decimal(l[sort]);
    // Drawdown sorts smallest first; every other figure largest first.
    const sign = sort === 'maxDrawdown' ? 1 : -1;
    return list.sort((a, b) => sign * key(a).cmp(key(b)) || a.since - b.since);
  }

  async leader(leadId: string, period: CopyPeriod): Promise<CopyLeaderProfile> {
    const lead = this.leads.get(leadId);
    if (!lead) throw appError('COPY_LEAD_NOT_FOUND');
    const stats = await Promise.all(COPY_PERIODS.map((p) => this.views.statsOf(lead.user_id, p)));
    const trades = await this.store.repos.copyTrading.leadTrades(leadId, this.now() - 90 * DAY);
    return {
      leader: await this.views.leaderOf(lead, period),
      stats,
      equity: await this.views.curve(leadId, period),
      positions: this.views.positionsOf(leadId),
      trades: trades.slice(0, 50).map((t): CopyLeadTrade => ({
        symbol: t.symbol,
        side: t.side as 'buy' | 'sell',
        quantity: t.quantity,
        price: t.price,
        realisedPnl: fromMinorText(BigInt(t.realised) - BigInt(t.fee)),
        time: t.created_at,
      })),
    };
  }

  // ----- private -------------------------------------------------------------

  apply(userId: string, body: ApplyLead): Promise<CopyLeader> {
    return this.serially(async () => {
      if (this.leads.has(userId)) throw appError('COPY_ALREADY_LEAD');
      if (this.activeFollowsOf(userId).length > 0) throw appError('COPY_FOLLOWER_CANNOT_LEAD');
      const rate = toMinor(body.shareRate);
      const min = toMinor(this.settings.minShareRate)!;
      const max = toMinor(this.settings.maxShareRate)!;
      if (rate === null || rate < min || rate > max) {
        throw appError('COPY_SHARE_RATE_INVALID', {
          min: new Decimal(this.settings.minShareRate).times(100).toString(),
          max: new Decimal(this.settings.maxShareRate).times(100).toString(),
        });
      }
      const known = new Set(this.symbols());
      const symbols = [...new Set(body.symbols)];
      if (symbols.length === 0 || symbols.some((s) => !known.has(s))) {
        throw appError('COPY_SYMBOLS_INVALID');
      }
      const equity = this.views.equityOf(userId);
      if (equity < toMinor(this.settings.minLeadEquity)!) {
        throw appError('COPY_LEAD_CONDITIONS', { min: this.settings.minLeadEquity });
      }
      const row: CopyLeadRow = {
        user_id: userId,
        nickname: body.nickname.trim(),
        share_rate: new Decimal(body.shareRate).toString(),
        symbols: JSON.stringify(symbols),
        created_at: this.now(),
      };
      await this.store.repos.copyTrading.insertLead(row);
      await this.store.repos.copyTrading.putEquity(
        userId,
        this.dayOf(this.now()),
        equity.toString(),
        this.now(),
      );
      this.addLead(row);
      return this.views.leaderOf(row, 30);
    });
  }

  follow(userId: string, body: FollowLead): Promise<CopyFollow> {
    return this.serially(async () => {
      const lead = this.leads.get(body.leadId);
      if (!lead) throw appError('COPY_LEAD_NOT_FOUND');
      if (lead.user_id === userId) throw appError('COPY_FOLLOW_SELF');
      if (this.leads.has(userId)) throw appError('COPY_LEAD_CANNOT_FOLLOW');
      if (this.activeFollowsOf(userId).some((f) => f.lead_id === lead.user_id)) {
        throw appError('COPY_ALREADY_FOLLOWING');
      }
      if ((this.copier.follows.get(lead.user_id)?.length ?? 0) >= this.settings.maxFollowers) {
        throw appError('COPY_LEAD_FULL');
      }
      const investment = toMinor(body.investment);
      if (investment === null || investment < toMinor(this.settings.minInvestment)!) {
        throw appError('COPY_INVESTMENT_INVALID', { min: this.settings.minInvestment });
      }
      const size = toMinor(body.size);
      const fixed = body.leverageMode === 'fixed';
      const maxLeverage = Math.max(...this.realMarkets().map((m) => m.maxLeverage));
      if (
        size === null ||
        size <= 0n ||
        (body.sizeMode === 'multiplier' && size > toMinor('100')!) ||
        (fixed &&
          (body.leverage === undefined || body.leverage < 1 || body.leverage > maxLeverage)) ||
        (!fixed && body.leverage !== undefined)
      ) {
        throw appError('COPY_SIZE_INVALID');
      }
      const stopLoss = body.stopLoss === undefined ? null : toMinor(body.stopLoss);
      const takeProfit = body.takeProfit === undefined ? null : toMinor(body.takeProfit);
      if (stopLoss === 0n || takeProfit === 0n) throw appError('COPY_SIZE_INVALID');
      // A leverage of its own only for a symbol the lead trades, within that market's limit.
      const leadSymbols = new Set(JSON.parse(lead.symbols) as string[]);
      const symbolLeverage = Object.entries(body.symbolLeverage ?? {});
      for (const [symbol, leverage] of symbolLeverage) {
        const market = this.realMarkets().find((m) => m.config.symbol === symbol);
        if (!leadSymbols.has(symbol) || !market || leverage < 1 || leverage > market.maxLeverage) {
          throw appError('COPY_SIZE_INVALID');
        }
      }
      const id = newId();
      const owner = copyOwnerOf(id);
      await this.spotHost.submit({
        kind: 'debit',
        userId,
        coin: COIN,
        amount: investment,
        to: walletOf(owner),
        ref: `copy-follow:${id}`,
      });
      await this.host.submit({
        kind: 'notice',
        accounts: [{ account: walletOf(owner), coin: COIN }],
      });
      const row: CopyFollowRow = {
        id,
        follower_id: userId,
        lead_id: lead.user_id,
        status: 'active',
        size_mode: body.sizeMode,
        size: new Decimal(body.size).toString(),
        leverage_mode: body.leverageMode,
        leverage: fixed ? (body.leverage ?? null) : null,
        symbol_leverage:
          symbolLeverage.length > 0 ? JSON.stringify(Object.fromEntries(symbolLeverage)) : null,
        stop_loss: stopLoss === null ? null : stopLoss.toString(),
        take_profit: takeProfit === null ? null : takeProfit.toString(),
        share_rate: lead.share_rate,
        investment: investment.toString(),
        hwm: investment.toString(),
        share_paid: '0',
        created_at: this.now(),
        stopped_at: null,
        result: null,
      };
      await this.store.repos.copyTrading.insertFollow(row);
      this.follows.set(id, row);
      this.copier.addFollow(activeOf(row));
      return this.views.followOf(row);
    });
  }

  stopCopy(userId: string, body: StopCopy): Promise<CopyFollow> {
    return this.serially(async () => {
      const f = this.follows.get(body.followId);
      if (!f || f.follower_id !== userId || f.status === 'stopped') {
        throw appError('COPY_FOLLOW_NOT_FOUND');
      }
      return this.stopFollow(f, body.close);
    });
  }

  async mine(userId: string): Promise<CopyMine> {
    const lead = this.leads.get(userId);
    const rows = [...this.follows.values()]
      .filter((f) => f.follower_id === userId)
      .sort((a, b) => b.created_at - a.created_at);
    return {
      leading: lead ? await this.views.leaderOf(lead, 30) : null,
      follows: rows.map((f) => this.views.followOf(f)),
    };
  }

  async trades(userId: string, followId: string): Promise<CopyTrade[]> {
    const f = this.follows.get(followId);
    if (!f || f.follower_id !== userId) throw appError('COPY_FOLLOW_NOT_FOUND');
    await this.writes;
    const rows = await this.store.repos.copyTrading.trades(followId, 200);
    return rows.map(tradeOf);
  }

  // ----- on the clock --------------------------------------------------------

  /** Stop-loss and take-profit of the copies, then the daily settlement once a day has begun. */
  async check(): Promise<void> {
    for (const f of [...this.follows.values()]) {
      if (f.status !== 'active' || (f.stop_loss === null && f.take_profit === null)) continue;
      const pnl = this.views.pnlOf(f);
      const hitLoss = f.stop_loss !== null && pnl <= -BigInt(f.stop_loss);
      const hitProfit = f.take_profit !== null && pnl >= BigInt(f.take_profit);
      if (hitLoss || hitProfit) {
        await this.serially(() => this.stopFollow(f, true));
      }
    }
    const day = this.dayOf(this.now());
    if (this.lastDay === null || day > this.lastDay) await this.settle(day);
  }

  /**
   * The daily settlement of `day` (days start at 00:00 UTC+8): each active
   * copy pays `max(0, equity − HWM) × rate` to its lead, the HWM rises, and
   * every lead's and copy's equity is kept as that day's point.
   */
  settle(day: number): Promise<void> {
    return this.serially(async () => {
      if (this.lastDay !== null && day <= this.lastDay) return;
      await this.host.idle();
      const repo = this.store.repos.copyTrading;
      const now = this.now();
      for (const f of this.follows.values()) {
        if (f.status !== 'active') continue;
        await this.settleOne(f, day);
      }
      for (const lead of this.leads.values()) {
        await repo.putEquity(lead.user_id, day, this.views.equityOf(lead.user_id).toString(), now);
      }
      await repo.markSettled(day, now);
      this.lastDay = day;
    });
  }

  dayOf(time: number): number {
    return this.views.dayOf(time);
  }

  // ----- inside ----------------------------------------------------------------

  private async settleOne(f: CopyFollowRow, day: number): Promise<void> {
    const repo = this.store.repos.copyTrading;
    const owner = copyOwnerOf(f.id);
    const equity = this.views.equityOf(owner);
    const hwm = BigInt(f.hwm);
    const { share: due, hwm: next } = profitShare(equity, hwm, f.share_rate);
    // What can leave the copy account now: margin in use stays.
    const share = due > this.host.transferable(owner, COIN) ? 0n : due;
    if (share > 0n) {
      await this.host.submit({
        kind: 'transferOut',
        owner,
        coin: COIN,
        amount: share,
        spotAccount: f.lead_id,
        ref: `copy-share:${f.id}:${day}`,
      });
    }
    f.hwm = (share > 0n ? next : hwm).toString();
    f.share_paid = (BigInt(f.share_paid) + share).toString();
    await repo.insertSettlement({
      follow_id: f.id,
      day,
      equity: equity.toString(),
      hwm: f.hwm,
      share: share.toString(),
      created_at: this.now(),
    });
    await repo.updateFollow(f);
    await repo.putEquity(f.id, day, (equity - share).toString(), this.now());
  }

  private async stopFollow(f: CopyFollowRow, close: boolean): Promise<CopyFollow> {
    const owner = copyOwnerOf(f.id);
    this.copier.removeFollow(f.lead_id, f.id);
    if (!close) {
      f.status = 'kept';
      f.stopped_at = this.now();
      await this.store.repos.copyTrading.updateFollow(f);
      return this.views.followOf(f);
    }
    await this.host.submit({ kind: 'cancelAll', owner, symbols: this.symbols() });
    await this.host.submit({ kind: 'closeAll', owner, symbols: this.symbols() });
    // The share of what the copy earned above its mark, then the rest back to spot.
    if (f.status === 'active') await this.settleFinal(f);
    const kept = this.host.ownerPositions(owner).length > 0;
    if (!kept) f.result = this.views.pnlOf(f).toString();
    const rest = this.host.transferable(owner, COIN);
    if (rest > 0n) {
      await this.host.submit({
        kind: 'transferOut',
        owner,
        coin: COIN,
        amount: rest,
        spotAccount: f.follower_id,
        ref: `copy-stop:${f.id}`,
      });
    }
    f.status = kept ? 'kept' : 'stopped';
    f.stopped_at = this.now();
    await this.store.repos.copyTrading.updateFollow(f);
    return this.views.followOf(f);
  }

  private async settleFinal(f: CopyFollowRow): Promise<void> {
    const owner = copyOwnerOf(f.id);
    const equity = this.views.equityOf(owner);
    const { share, hwm } = profitShare(equity, BigInt(f.hwm), f.share_rate);
    if (share <= 0n || share > this.host.transferable(owner, COIN)) return;
    await this.host.submit({
      kind: 'transferOut',
      owner,
      coin: COIN,
      amount: share,
      spotAccount: f.lead_id,
      ref: `copy-share:${f.id}:final`,
    });
    f.hwm = hwm.toString();
    f.share_paid = (BigInt(f.share_paid) + share).toString();
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const next = this.serial.then(run, run);
    this.serial = next.catch(() => undefined);
    return next;
  }

  private async writeRecords(trades: CopyTradeRow[], leadTrades: CopyLeadTradeRow[]) {
    await this.store.transaction(async (repos) => {
      if (trades.length > 0) await repos.copyTrading.insertTrades(trades);
      if (leadTrades.length > 0) await repos.copyTrading.insertLeadTrades(leadTrades);
    });
  }

  private addLead(row: CopyLeadRow): void {
    this.leads.set(row.user_id, row);
    this.copier.leads.set(row.user_id, { symbols: new Set(JSON.parse(row.symbols) as string[]) });
  }

  private activeFollowsOf(userId: string): CopyFollowRow[] {
    return [...this.follows.values()].filter(
      (f) => f.follower_id === userId && f.status === 'active',
    );
  }

  private realMarkets() {
    return this.markets.ofSide('real');
  }

  private symbols(): string[] {
    return this.realMarkets().map((m) => m.config.symbol);
  }
}

function activeOf(f: CopyFollowRow): ActiveFollow {
  return {
    id: f.id,
    leadId: f.lead_id,
    sizeMode: f.size_mode as CopySizeMode,
    size: f.size,
    leverageMode: f.leverage_mode as CopyLeverageMode,
    leverage: f.leverage,
    symbolLeverage: symbolLeverageOf(f),
  };
}
