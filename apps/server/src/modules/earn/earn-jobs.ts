/**
 * Earn's money moves as ledger jobs of the spot host, the one writer of
 * spot balances: subscribing (spot -> `@earn:<product>`), redeeming (back),
 * and a midnight's settlement (interest from `@earn-interest`, fixed-term
 * principal back at maturity or rolled over). Holdings are read in the
 * batch's transaction, keyed by the batch so its jobs see each other's
 * changes, and written once at its end. Each job checks before it posts.
 */
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { fromMinor, minorOf } from '../../kernel/money';
import { namedJob, type LedgerJob, type LedgerJobContext, type SpotHost } from '../spot';
import { DAY_MS, dailyInterest, nextMidnight, termInterest, type Tier } from './earn-math';
import type { EarnRepos } from './earn-repositories';
import type { EarnHoldingRow, EarnRecordRow } from './earn-repository';

export const EARN_INTEREST = '@earn-interest';
export const earnAccount = (productId: string) => `@earn:${productId}`;

/** A product as the jobs use it. */
export interface EarnProductRef {
  id: string;
  coin: string;
  type: 'flexible' | 'fixed';
  termDays: number;
  tiers: Tier[];
  minAmount: bigint;
  userCap: bigint;
  productCap: bigint;
  earlyRedeem: boolean;
  enabled: boolean;
}

export interface Holding {
  id: string;
  userId: string;
  productId: string;
  coin: string;
  principal: bigint;
  interestPaid: bigint;
  earnFrom: number;
  maturesAt: number;
  autoRenew: boolean;
  active: boolean;
  createdAt: number;
}

class BatchHoldings {
  readonly byId = new Map<string, Holding>();
  readonly usersRead = new Set<string>();
  allRead = false;
  readonly changed = new Set<Holding>();
  readonly records: EarnRecordRow[] = [];
  readonly settled: number[] = [];
  flushing = false;
}

const batches = new WeakMap<object, BatchHoldings>();

function batchOf(scope: object): BatchHoldings {
  let batch = batches.get(scope);
  if (!batch) {
    batch = new BatchHoldings();
    batches.set(scope, batch);
  }
  return batch;
}

function earnReposOf(repos: object): EarnRepos {
  if (!('earn' in repos)) throw new Error('the store has no earn repositories');
  return repos as EarnRepos;
}

function holdingOf(row: EarnHoldingRow): Holding {
  return {
    id: row.id,
    userId: row.user_id,
    productId: row.product_id,
    coin: row.coin,
    principal: minorOf(row.principal),
    interestPaid: minorOf(row.interest_paid),
    earnFrom: row.earn_from,
    maturesAt: row.matures_at,
    autoRenew: row.auto_renew === 1,
    active: row.active === 1,
    createdAt: row.created_at,
  };
}

function keep(batch: BatchHoldings, rows: EarnHoldingRow[]): void {
  for (const row of rows) if (!batch.byId.has(row.id)) batch.byId.set(row.id, holdingOf(row));
}

async function loadUser(repos: object, scope: object, userId: string): Promise<void> {
  const batch = batchOf(scope);
  if (batch.allRead || batch.usersRead.has(userId)) return;
  batch.usersRead.add(userId);
  keep(batch, await earnReposOf(repos).earn.activeHoldingsOf(userId));
}

async function loadAll(repos: object, scope: object): Promise<void> {
  const batch = batchOf(scope);
  if (batch.allRead) return;
  batch.allRead = true;
  keep(batch, await earnReposOf(repos).earn.activeHoldings());
}

/** What a job reads and changes of the holdings of its batch. */
class JobHoldings {
  private readonly batch: BatchHoldings;

  constructor(private readonly ctx: LedgerJobContext) {
    this.batch = batchOf(ctx.scope);
  }

  active(filter: (h: Holding) => boolean): Holding[] {
    return [...this.batch.byId.values()].filter((h) => h.active && filter(h));
  }

  add(holding: Holding): void {
    this.batch.byId.set(holding.id, holding);
    this.changed(holding);
  }

  changed(holding: Holding): void {
    this.batch.changed.add(holding);
    this.flushOnce();
  }

  /** A record at `time` (the job's time when not given; interest: the midnight that paid it). */
  record(
    userId: string,
    productId: string,
    kind: string,
    coin: string,
    amount: bigint,
    time = this.ctx.now,
  ): void {
    this.batch.records.push({
      id: newId(),
      user_id: userId,
      product_id: productId,
      kind,
      coin,
      amount: fromMinor(amount),
      created_at: time,
    });
    this.flushOnce();
  }

  settled(day: number): void {
    this.batch.settled.push(day);
    this.flushOnce();
  }

  /** The batch's one write, added with its first change: holdings as they end, records, midnights. */
  private flushOnce(): void {
    const { batch, ctx } = this;
    if (!batch.flushing) {
      batch.flushing = true;
      ctx.write((repos) => writeBatch(earnReposOf(repos), batch, ctx.now));
    }
  }
}

async function writeBatch(repos: EarnRepos, batch: BatchHoldings, now: number): Promise<void> {
  const { earn } = repos;
  await earn.upsertHoldings(
    [...batch.changed].map((h) => ({
      id: h.id,
      user_id: h.userId,
      product_id: h.productId,
      coin: h.coin,
      principal: h.principal.toString(),
      interest_paid: h.interestPaid.toString(),
      earn_from: h.earnFrom,
      matures_at: h.maturesAt,
      auto_renew: h.autoRenew ? 1 : 0,
      active: h.active ? 1 : 0,
      created_at: h.createdAt,
    })),
  );
  await earn.insertRecords(batch.records);
  for (const day of batch.settled) await earn.markSettled(day, now);
}

const text = (minor: bigint) => fromMinor(minor).replace(/\.?0+$/, '') || '0';

export type RedeemTarget = { amount: bigint } | { holdingId: string };

/** Subscribes the user's spot coin to the product (as the caller read it); answers the holding. */
export const EARN_SUBSCRIBE = namedJob<
  { userId: string; product: EarnProductRef; amount: bigint; autoRenew: boolean },
  Holding
>('earn.subscribe');
/** Redeems back to spot; answers what came back and the interest forfeited. */
export const EARN_REDEEM = namedJob<
  { userId: string; product: EarnProductRef; target: RedeemTarget },
  { amount: bigint; forfeited: bigint }
>('earn.redeem');
/** Settles the day that ended at `midnight`, over these products and accounts. */
export const EARN_SETTLE = namedJob<{
  midnight: number;
  products: EarnProductRef[];
  accounts: string[];
}>('earn.settle');

export function registerEarnJobs(host: SpotHost): void {
  host.jobs.register(EARN_SUBSCRIBE, (a) =>
    subscribeJob(a.userId, a.product, a.amount, a.autoRenew),
  );
  host.jobs.register(EARN_REDEEM, (a) => redeemJob(a.userId, a.product, a.target));
  host.jobs.register(EARN_SETTLE, (a) =>
    settleJob(a.midnight, new Map(a.products.map((p) => [p.id, p])), a.accounts),
  );
}

/** A job on one user's spot balance and one product's pool, the user's holdings read first. */
function userJob<R>(
  userId: string,
  product: EarnProductRef,
  run: (ctx: LedgerJobContext, holdings: JobHoldings, pool: string) => R,
): LedgerJob<R> {
  const pool = earnAccount(product.id);
  return {
    accounts: [userId, pool],
    load: (repos, scope) => loadUser(repos, scope, userId),
    run: (ctx) => run(ctx, new JobHoldings(ctx), pool),
  };
}

/** Subscribes `amount` of the user's spot coin to the product; answers the new holding. */
function subscribeJob(
  userId: string,
  product: EarnProductRef,
  amount: bigint,
  autoRenew: boolean,
): LedgerJob<Holding> {
  return userJob(userId, product, (ctx, holdings, pool) => {
    const { coin } = product;
    if (!product.enabled) throw appError('EARN_PRODUCT_INVALID');
    if (amount < product.minAmount) {
      throw appError('EARN_AMOUNT_TOO_SMALL', { min: text(product.minAmount), coin });
    }
    const held = holdings
      .active((h) => h.userId === userId && h.productId === product.id)
      .reduce((sum, h) => sum + h.principal, 0n);
    const userRoom = product.userCap - held;
    if (amount > userRoom) {
      throw appError('EARN_USER_CAP', { max: text(userRoom > 0n ? userRoom : 0n), coin });
    }
    const productRoom = product.productCap - ctx.available(pool, coin);
    if (amount > productRoom) {
      throw appError('EARN_PRODUCT_CAP', {
        max: text(productRoom > 0n ? productRoom : 0n),
        coin,
      });
    }
    if (ctx.available(userId, coin) < amount) throw appError('INSUFFICIENT_BALANCE', { coin });
    ctx.post(`earn-subscribe:${newId()}`, 'earn_subscribe', [
      { userId, coin, bucket: 'available', amount: -amount },
      { userId: pool, coin, bucket: 'available', amount },
    ]);
    const earnFrom = nextMidnight(ctx.now);
    const holding: Holding = {
      id: newId(),
      userId,
      productId: product.id,
      coin,
      principal: amount,
      interestPaid: 0n,
      earnFrom,
      maturesAt: product.type === 'fixed' ? earnFrom + product.termDays * DAY_MS : 0,
      autoRenew: product.type === 'fixed' && autoRenew,
      active: true,
      createdAt: ctx.now,
    };
    holdings.add(holding);
    holdings.record(userId, product.id, 'subscribe', coin, amount);
    return { ...holding };
  });
}

/**
 * Redeems back to spot: of a flexible product `amount` (the newest
 * subscriptions first, those not earning yet), or a whole fixed-term
 * holding early (its interest forfeited), when the product allows it.
 */
function redeemJob(
  userId: string,
  product: EarnProductRef,
  target: RedeemTarget,
): LedgerJob<{ amount: bigint; forfeited: bigint }> {
  return userJob(userId, product, (ctx, holdings, pool) => {
    const mine = holdings.active((h) => h.userId === userId && h.productId === product.id);
    let amount: bigint;
    let forfeited = 0n;
    const taken: Array<[Holding, bigint]> = [];
    if ('holdingId' in target) {
      const holding = mine.find((h) => h.id === target.holdingId);
      if (!holding) throw appError('EARN_HOLDING_INVALID');
      if (product.type === 'fixed' && !product.earlyRedeem) throw appError('EARN_LOCKED');
      amount = holding.principal;
      if (product.type === 'fixed' && ctx.now > holding.earnFrom) {
        const days = Math.floor((ctx.now - holding.earnFrom) / DAY_MS);
        forfeited = termInterest(holding.principal, product.tiers, days);
      }
      taken.push([holding, amount]);
    } else {
      if (product.type === 'fixed') throw appError('EARN_HOLDING_INVALID');
      amount = target.amount;
      const held = mine.reduce((sum, h) => sum + h.principal, 0n);
      if (amount > held)
        throw appError('EARN_REDEEM_TOO_LARGE', { max: text(held), coin: product.coin });
      let left = amount;
      for (const holding of [...mine].reverse()) {
        if (left === 0n) break;
        const part = holding.principal < left ? holding.principal : left;
        taken.push([holding, part]);
        left -= part;
      }
    }
    ctx.post(`earn-redeem:${newId()}`, 'earn_redeem', [
      { userId: pool, coin: product.coin, bucket: 'available', amount: -amount },
      { userId, coin: product.coin, bucket: 'available', amount },
    ]);
    for (const [holding, part] of taken) {
      holding.principal -= part;
      if (holding.principal === 0n) holding.active = false;
      holdings.changed(holding);
    }
    holdings.record(userId, product.id, 'redeem', product.coin, amount);
    return { amount, forfeited };
  });
}

/** The accounts a settlement reads: every holder's, the pools' and the interest fund's. */
export function settlementAccounts(userIds: readonly string[], productIds: readonly string[]) {
  return [EARN_INTEREST, ...productIds.map(earnAccount), ...userIds];
}

/**
 * Settles the day that ended at `midnight`: flexible holdings that earned
 * the whole day are paid its interest (tiers over what the user holds in
 * the product); fixed-term holdings due are paid their term's interest and
 * their principal (or roll over). Interest is paid while the fund holds it.
 */
function settleJob(
  midnight: number,
  products: ReadonlyMap<string, EarnProductRef>,
  accounts: string[],
): LedgerJob<void> {
  return {
    accounts,
    load: (repos, scope) => loadAll(repos, scope),
    run(ctx) {
      const holdings = new JobHoldings(ctx);
      const pay = (userId: string, productId: string, coin: string, amount: bigint) => {
        if (amount <= 0n || ctx.available(EARN_INTEREST, coin) < amount) return false;
        ctx.post(`earn-interest:${midnight}:${newId()}`, 'earn_interest', [
          { userId: EARN_INTEREST, coin, bucket: 'available', amount: -amount },
          { userId, coin, bucket: 'available', amount },
        ]);
        return true;
      };
      // Flexible: one payment per user and product, over what earned the whole day.
      const groups = new Map<string, Holding[]>();
      for (const h of holdings.active(
        (x) => x.maturesAt === 0 && x.earnFrom <= midnight - DAY_MS,
      )) {
        const key = `${h.userId} ${h.productId}`;
        groups.set(key, [...(groups.get(key) ?? []), h]);
      }
      for (const group of groups.values()) {
        const first = group[0] as Holding;
        const product = products.get(first.productId);
        if (!product) continue;
        const principal = group.reduce((sum, h) => sum + h.principal, 0n);
        const interest = dailyInterest(principal, product.tiers);
        if (!pay(first.userId, product.id, product.coin, interest)) continue;
        first.interestPaid += interest;
        holdings.changed(first);
        holdings.record(first.userId, product.id, 'interest', product.coin, interest, midnight);
      }
      // Fixed-term: due at or before this midnight.
      for (const h of holdings.active((x) => x.maturesAt > 0 && x.maturesAt <= midnight)) {
        const product = products.get(h.productId);
        if (!product) continue;
        const interest = termInterest(h.principal, product.tiers, product.termDays);
        if (pay(h.userId, product.id, h.coin, interest)) {
          h.interestPaid += interest;
          holdings.record(h.userId, product.id, 'interest', h.coin, interest, midnight);
        }
        if (h.autoRenew && product.enabled) {
          h.earnFrom = h.maturesAt;
          h.maturesAt += product.termDays * DAY_MS;
        } else {
          ctx.post(`earn-maturity:${h.id}`, 'earn_maturity', [
            {
              userId: earnAccount(product.id),
              coin: h.coin,
              bucket: 'available',
              amount: -h.principal,
            },
            { userId: h.userId, coin: h.coin, bucket: 'available', amount: h.principal },
          ]);
          holdings.record(h.userId, product.id, 'maturity', h.coin, h.principal, midnight);
          h.active = false;
        }
        holdings.changed(h);
      }
      holdings.settled(midnight);
    },
  };
}
