/**
 * Earn for users and the operator: products (from the store, seeded from
 * the settings), subscribing and redeeming through the spot host's jobs,
 * holdings, records and daily earnings, and the settlement of every
 * midnight not settled yet (catching up after downtime).
 */
import type { Page } from '@quay/core';
import type {
  EarnDay,
  EarnHolding,
  EarnProduct,
  EarnRecord,
  EarnRecordKind,
  EarnRedeem,
  EarnRedeemed,
  EarnSubscribe,
} from '@quay/core/earn';
import { appError } from '../../kernel/app-error';
import { EXTERNAL_ACCOUNT, Journal } from '../../kernel/journal';
import { fromMinor, toMinor } from '../../kernel/money';
import type { SpotHost } from '../spot';
import {
  EARN_INTEREST,
  EARN_REDEEM,
  EARN_SETTLE,
  EARN_SUBSCRIBE,
  earnAccount,
  registerEarnJobs,
  settlementAccounts,
  type EarnProductRef,
  type Holding,
  type RedeemTarget,
} from './earn-jobs';
import { DAY_MS, midnightOf, tiersOf } from './earn-math';
import type { EarnStore } from './earn-repositories';
import { checkProduct, type EarnProductTerms, type EarnSettings } from './earn-settings';

const text = (minor: bigint) => fromMinor(minor).replace(/\.?0+$/, '') || '0';

function holdingToWire(h: Holding, type: EarnProductRef['type']): EarnHolding {
  return {
    id: h.id,
    productId: h.productId,
    coin: h.coin,
    type,
    principal: text(h.principal),
    interestPaid: text(h.interestPaid),
    earnFrom: h.earnFrom,
    maturesAt: h.maturesAt,
    autoRenew: h.autoRenew,
    createdAt: h.createdAt,
  };
}

export class EarnService {
  constructor(
    private readonly store: EarnStore,
    private readonly spotHost: SpotHost | null,
    private readonly settings: EarnSettings,
    private readonly now: () => number,
  ) {
    if (spotHost) registerEarnJobs(spotHost);
  }

  /** Writes the configured products the store does not know, and funds the interest fund once per coin. */
  async seed(fund: boolean): Promise<void> {
    const now = this.now();
    await this.store.repos.earn.addMissingProducts(
      Object.entries(this.settings.products).map(([id, terms]) => ({
        id,
        terms: JSON.stringify(terms),
        updated_at: now,
      })),
    );
    if (!fund || !this.settings.seed) return;
    await this.store.transaction(async (repos) => {
      const journal = new Journal(now);
      const held = await repos.ledger.balancesOf([EARN_INTEREST]);
      for (const [coin, seed] of Object.entries(this.settings.interestSeed)) {
        const amount = toMinor(seed) ?? 0n;
        if (amount === 0n || held.some((b) => b.coin === coin)) continue;
        journal.post(`earn-seed:${coin}`, 'earn_seed', [
          { userId: EXTERNAL_ACCOUNT, coin, bucket: 'available', amount: -amount },
          { userId: EARN_INTEREST, coin, bucket: 'available', amount },
        ]);
      }
      await journal.flush(repos);
    });
  }

  async terms(): Promise<Map<string, EarnProductTerms>> {
    const rows = await this.store.repos.earn.products();
    return new Map(rows.map((r) => [r.id, JSON.parse(r.terms) as EarnProductTerms]));
  }

  async productRefs(): Promise<Map<string, EarnProductRef>> {
    const out = new Map<string, EarnProductRef>();
    for (const [id, t] of await this.terms()) {
      out.set(id, {
        id,
        coin: t.coin,
        type: t.type,
        termDays: t.termDays,
        tiers: tiersOf(t.tiers),
        minAmount: toMinor(t.minAmount) ?? 0n,
        userCap: toMinor(t.userCap) ?? 0n,
        productCap: toMinor(t.productCap) ?? 0n,
        earlyRedeem: t.earlyRedeem,
        enabled: t.enabled,
      });
    }
    return out;
  }

  async products(): Promise<EarnProduct[]> {
    const terms = await this.terms();
    const pools = await this.store.repos.ledger.balancesOf([...terms.keys()].map(earnAccount));
    return [...terms].map(([id, t]) => ({
      id,
      coin: t.coin,
      type: t.type,
      termDays: t.termDays,
      tiers: t.tiers,
      minAmount: t.minAmount,
      userCap: t.userCap,
      productCap: t.productCap,
      subscribed: text(
        pools.find((b) => b.user_id === earnAccount(id) && b.coin === t.coin)?.available ?? 0n,
      ),
      earlyRedeem: t.earlyRedeem,
      enabled: t.enabled,
    }));
  }

  private async product(id: string): Promise<EarnProductRef> {
    const product = (await this.productRefs()).get(id);
    if (!product) throw appError('EARN_PRODUCT_INVALID');
    return product;
  }

  private host(): SpotHost {
    if (!this.spotHost) throw new Error('earn money moves need the spot host');
    return this.spotHost;
  }

  async subscribe(userId: string, request: EarnSubscribe): Promise<EarnHolding> {
    const product = await this.product(request.productId);
    const amount = toMinor(request.amount);
    if (amount === null || amount <= 0n) throw appError('INVALID_PARAMETER');
    const made = await this.host().run(EARN_SUBSCRIBE, {
      userId,
      product,
      amount,
      autoRenew: request.autoRenew === true,
    });
    await this.host().submit({ kind: 'notice', userIds: [userId] });
    return holdingToWire(made, product.type);
  }

  async redeem(userId: string, request: EarnRedeem): Promise<EarnRedeemed> {
    let product: EarnProductRef | undefined;
    let target: RedeemTarget;
    if (request.holdingId !== undefined) {
      const row = (await this.store.repos.earn.activeHoldingsOf(userId)).find(
        (h) => h.id === request.holdingId,
      );
      if (!row) throw appError('EARN_HOLDING_INVALID');
      product = (await this.productRefs()).get(row.product_id);
      target = { holdingId: request.holdingId };
    } else {
      const amount = request.amount === undefined ? null : toMinor(request.amount);
      if (!request.productId || amount === null || amount <= 0n)
        throw appError('INVALID_PARAMETER');
      product = (await this.productRefs()).get(request.productId);
      target = { amount };
    }
    if (!product) throw appError('EARN_PRODUCT_INVALID');
    const outcome = await this.host().run(EARN_REDEEM, { userId, product, target });
    await this.host().submit({ kind: 'notice', userIds: [userId] });
    return { coin: product.coin, amount: text(outcome.amount), forfeited: text(outcome.forfeited) };
  }

  async holdings(userId: string): Promise<EarnHolding[]> {
    const products = await this.productRefs();
    return (await this.store.repos.earn.activeHoldingsOf(userId)).map((row) =>
      holdingToWire(
        {
          id: row.id,
          userId: row.user_id,
          productId: row.product_id,
          coin: row.coin,
          principal: BigInt(row.principal),
          interestPaid: BigInt(row.interest_paid),
          earnFrom: row.earn_from,
          maturesAt: row.matures_at,
          autoRenew: row.auto_renew === 1,
          active: true,
          createdAt: row.created_at,
        },
        products.get(row.product_id)?.type ?? 'flexible',
      ),
    );
  }

  async records(
    userId: string,
    kind: EarnRecordKind | null,
    paging: { offset: number; limit: number },
  ): Promise<Pick<Page<EarnRecord>, 'items' | 'total'>> {
    const { total, rows } = await this.store.repos.earn.records(
      userId,
      kind,
      paging.offset,
      paging.limit,
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind as EarnRecordKind,
        productId: r.product_id,
        coin: r.coin,
        amount: text(BigInt(toMinor(r.amount) ?? 0n)),
        time: r.created_at,
      })),
    };
  }

  /** Interest paid per midnight and coin over the last `days` days. */
  async earnings(userId: string, days: number): Promise<EarnDay[]> {
    const since = midnightOf(this.now()) - days * DAY_MS;
    const sums = new Map<string, EarnDay & { minor: bigint }>();
    for (const r of await this.store.repos.earn.interestSince(userId, since)) {
      const day = midnightOf(r.created_at);
      const key = `${day} ${r.coin}`;
      const entry = sums.get(key) ?? { day, coin: r.coin, amount: '0', minor: 0n };
      entry.minor += toMinor(r.amount) ?? 0n;
      sums.set(key, entry);
    }
    return [...sums.values()].map(({ day, coin, minor }) => ({ day, coin, amount: text(minor) }));
  }

  /** The look under way, if any. */
  private settling: Promise<number> | null = null;
  /** The look that starts once it is over, shared by every call made meanwhile. */
  private nextLook: Promise<number> | null = null;

  /**
   * Settles every midnight up to now not settled yet, oldest first; one look
   * at a time. A look under way may have read the clock before this call, so
   * a call made during one is answered by the look after it.
   */
  settleDue(): Promise<number> {
    if (!this.settling) return this.look();
    this.nextLook ??= this.settling
      .catch(() => 0)
      .then(() => {
        this.nextLook = null;
        return this.look();
      });
    return this.nextLook;
  }

  private look(): Promise<number> {
    const run = this.settleMidnights().finally(() => {
      if (this.settling === run) this.settling = null;
    });
    this.settling = run;
    return run;
  }

  private async settleMidnights(): Promise<number> {
    const { earn } = this.store.repos;
    const today = midnightOf(this.now());
    const last = await earn.lastSettled();
    if (last === null) {
      // A fresh store: nothing earned before today.
      await earn.markSettled(today - DAY_MS, this.now());
      return 0;
    }
    let settled = 0;
    for (let midnight = last + DAY_MS; midnight <= today; midnight += DAY_MS) {
      const products = await this.productRefs();
      const holders = [...new Set((await earn.activeHoldings()).map((h) => h.user_id))];
      await this.host().run(EARN_SETTLE, {
        midnight,
        products: [...products.values()],
        accounts: settlementAccounts(holders, [...products.keys()]),
      });
      if (holders.length > 0) await this.host().submit({ kind: 'notice', userIds: holders });
      settled += 1;
    }
    return settled;
  }

  /** The operator's change of a product's terms (or a new product); answers the terms kept. */
  async setProduct(id: string, patch: Partial<EarnProductTerms>): Promise<EarnProductTerms> {
    const current = (await this.terms()).get(id);
    const merged = { ...(current ?? {}), ...patch } as EarnProductTerms;
    if (current && merged.coin !== current.coin)
      throw new Error('the coin of a product cannot change');
    if (current && merged.type !== current.type)
      throw new Error('the type of a product cannot change');
    checkProduct(id, merged);
    await this.store.repos.earn.upsertProduct(id, JSON.stringify(merged), this.now());
    return merged;
  }
}
