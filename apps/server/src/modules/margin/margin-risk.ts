/**
 * What runs while the app runs: the lending pool and the margin protection
 * fund funded once at start, and on every mark tick the hourly interest due,
 * then every indebted account valued at the index: at the call line its
 * owner gets a notice (kept, and sent by mail) once per fall; at the
 * liquidation line the account is liquidated (margin-liquidation.ts).
 */
import type { MarginNotice } from '@quay/core';
import { EXTERNAL_ACCOUNT, Journal } from '../../kernel/journal';
import { newId } from '../../kernel/ids';
import { toMinor } from '../../kernel/money';
import type { SpotHost } from '../spot';
import { MARGIN_FUND, MARGIN_POOL, parseAccount, type MarginAccountKey } from './margin-accounts';
import { MARGIN_INTEREST, MARGIN_LIQUIDATE } from './margin-named-jobs';
import type { MarginStore } from './margin-repositories';
import type { MarginTerms } from './margin-terms';
import { decimalText, readAccount, statusOf } from './margin-views';

/** Tells the account's owner by mail; the message names and their parameters. */
export type MarginMail = (
  userId: string,
  params: { account: string; level: string; call: string; liquidation: string },
) => Promise<void>;

export interface MarginRiskOptions {
  now: () => number;
  /** Whether the pool and the fund are funded at start. */
  seed: boolean;
  mail: MarginMail;
  onError: (err: unknown, what: string) => void;
}

export class MarginRisk {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** Accounts told of their call since they last stood above the line. */
  private readonly called = new Set<string>();

  constructor(
    private readonly store: MarginStore,
    private readonly spotHost: SpotHost,
    private readonly terms: MarginTerms,
    private readonly options: MarginRiskOptions,
  ) {}

  /** Credits the pool and the fund once per coin, from outside the exchange. */
  async seed(): Promise<void> {
    if (!this.options.seed) return;
    const { settings } = this.terms;
    await this.store.transaction(async (repos) => {
      const journal = new Journal(this.options.now());
      const seeds: Array<[string, string, string]> = [
        ...Object.entries(settings.coins).map(([coin, t]): [string, string, string] => [
          MARGIN_POOL,
          coin,
          t.poolSeed,
        ]),
        ...Object.entries(settings.fundSeed).map(([coin, seed]): [string, string, string] => [
          MARGIN_FUND,
          coin,
          seed,
        ]),
      ];
      const held = await repos.ledger.balancesOf([MARGIN_POOL, MARGIN_FUND]);
      for (const [account, coin, seed] of seeds) {
        const amount = toMinor(seed) ?? 0n;
        if (amount === 0n || held.some((b) => b.user_id === account && b.coin === coin)) continue;
        journal.post(`margin-seed:${account}:${coin}`, 'margin_seed', [
          { userId: EXTERNAL_ACCOUNT, coin, bucket: 'available', amount: -amount },
          { userId: account, coin, bucket: 'available', amount },
        ]);
      }
      await journal.flush(repos);
    });
  }

  startTimer(interval_ms: number): void {
    this.timer = setInterval(() => void this.tickNow().catch(() => undefined), interval_ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** One tick now (the timer's, or a test's); a tick still running is waited for instead. */
  async tickNow(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.tick()
      .catch((err) => this.options.onError(err, 'margin risk tick failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async tick(): Promise<void> {
    const { margin } = this.store.repos;
    const due = (await margin.dueAccounts(this.options.now())).flatMap((id) => {
      const key = parseAccount(id);
      return key ? [key] : [];
    });
    if (due.length > 0) await this.spotHost.run(MARGIN_INTEREST, { accounts: due });
    for (const id of await margin.indebtedAccounts()) {
      const key = parseAccount(id);
      if (key) await this.check(key);
    }
  }

  private async check(key: MarginAccountKey): Promise<void> {
    const state = await readAccount(this.store, this.terms, key);
    const status = statusOf(this.terms, key, state.figures);
    if (status === 'normal') {
      this.called.delete(key.id);
      return;
    }
    const level = state.figures.marginLevel ? decimalText(state.figures.marginLevel, 4) : '';
    if (status === 'liquidated') {
      const { liquidated } = await this.spotHost.run(MARGIN_LIQUIDATE, { key });
      await this.spotHost.submit({ kind: 'notice', userIds: [key.userId] });
      if (liquidated) {
        this.called.delete(key.id);
        await this.notify(key, 'liquidation', level);
      }
      return;
    }
    if (this.called.has(key.id)) return;
    this.called.add(key.id);
    await this.notify(key, 'call', level);
  }

  private async notify(key: MarginAccountKey, kind: MarginNotice['kind'], level: string) {
    const now = this.options.now();
    const notice: MarginNotice = {
      id: newId(),
      kind,
      mode: key.mode,
      symbol: key.symbol,
      marginLevel: level,
      callLevel: this.terms.callLevel(key.mode),
      liquidationLevel: this.terms.liquidationLevel(key.mode),
      time: now,
    };
    await this.store.repos.margin.insertDocuments('margin_records', [
      {
        id: notice.id,
        user_id: key.userId,
        account: key.id,
        kind: `notice:${kind}`,
        coin: this.terms.valuationCoin,
        created_at: now,
        data: JSON.stringify(notice),
      },
    ]);
    if (kind === 'call') {
      await this.options
        .mail(key.userId, {
          account: key.symbol ?? 'cross',
          level,
          call: notice.callLevel,
          liquidation: notice.liquidationLevel,
        })
        .catch((err) => this.options.onError(err, 'margin call mail failed'));
    }
  }
}
