/**
 * P2P payment methods, ads and merchant figures. Reads come from the store;
 * publishing and closing ads move escrowed coins, so they are ledger jobs of
 * the spot host (p2p-jobs.ts).
 */
import {
  P2P_PRICE_BAND_BPS,
  P2P_TIME_LIMITS_MIN,
  type AddP2pPaymentMethod,
  type EditP2pAd,
  type P2pAd,
  type P2pFiat,
  type P2pMerchant,
  type P2pMerchantRef,
  type P2pPaymentKind,
  type P2pPaymentMethod,
  type P2pSide,
  type PublishP2pAd,
} from '@quay/core/p2p';
import { Decimal, type DecimalValue } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { toMinor } from '../../kernel/money';
import type { ClientInfo } from '../../kernel/sessions';
import type { SpotHost } from '../spot';
import {
  amountText,
  centsText,
  P2P_CHANGE_AD,
  P2P_EDIT_AD,
  P2P_PUBLISH_AD,
  registerP2pJobs,
  type AdChange,
  type AdEdit,
} from './p2p-jobs';
import type { P2pStore } from './p2p-repositories';
import type { P2pAdRow, P2pPaymentMethodRow } from './p2p-repository';
import { printable, termsAllowed } from './p2p-terms';

/** At most this many payment methods per user. */
export const PAYMENT_METHODS_MAX = 10;
const DAY_MS = 86_400_000;

/** The second factor as the accounts module offers it to other product lines. */
export interface ChangeConfirmation {
  confirmProductChange(
    userRowId: string,
    codes: { googleCode?: string; emailCode?: string; mobileCode?: string },
    client: ClientInfo,
  ): Promise<boolean>;
}

export interface P2pOptions {
  now: () => number;
  /** The index price of a coin in a fiat currency, or null where there is none. */
  index: (coin: string, fiat: string) => DecimalValue | null;
  /** Coins P2P trades. */
  coins: () => readonly string[];
}

/** A fiat amount of at most 2 decimals as cents; null when not one. */
export function centsOf(text: string): bigint | null {
  if (!/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The fiat value of a coin amount at a price: cents, half up. */
export function fiatCents(amount: bigint, priceCents: bigint): bigint {
  return (amount * priceCents + 50_000_000n) / 100_000_000n;
}

export function paymentMethodToWire(row: P2pPaymentMethodRow): P2pPaymentMethod {
  return {
    id: row.id,
    kind: row.kind as P2pPaymentKind,
    name: row.name,
    account: row.account,
    createdAt: row.created_at,
  };
}

export class P2pService {
  constructor(
    readonly store: P2pStore,
    readonly spotHost: SpotHost,
    private readonly factors: ChangeConfirmation,
    readonly options: P2pOptions,
  ) {
    registerP2pJobs(spotHost);
  }

  async confirm(
    userId: string,
    codes: { googleCode?: string; emailCode?: string; mobileCode?: string },
    client: ClientInfo,
  ): Promise<void> {
    if (!(await this.factors.confirmProductChange(userId, codes, client))) {
      throw appError('P2P_NEEDS_SECOND_FACTOR');
    }
  }

  async paymentMethods(userId: string): Promise<P2pPaymentMethod[]> {
    return (await this.store.repos.p2p.paymentMethodsOf(userId)).map(paymentMethodToWire);
  }

  async addPaymentMethod(
    userId: string,
    body: AddP2pPaymentMethod,
    client: ClientInfo,
  ): Promise<P2pPaymentMethod> {
    const name = printable(body.name, 64);
    const account = printable(body.account, 200);
    if (name === null || account === null) throw appError('P2P_PAYMENT_METHOD_INVALID');
    const held = await this.store.repos.p2p.paymentMethodsOf(userId);
    if (held.length >= PAYMENT_METHODS_MAX) {
      throw appError('P2P_PAYMENT_METHOD_LIMIT', { max: PAYMENT_METHODS_MAX });
    }
    await this.confirm(userId, body, client);
    const row: P2pPaymentMethodRow = {
      id: newId(),
      user_id: userId,
      kind: body.kind,
      name,
      account,
      created_at: this.options.now(),
      removed_at: null,
    };
    await this.store.repos.p2p.insertPaymentMethod(row);
    return paymentMethodToWire(row);
  }

  async removePaymentMethod(userId: string, id: string): Promise<P2pPaymentMethod[]> {
    const held = await this.store.repos.p2p.paymentMethodsOf(userId);
    if (!held.some((m) => m.id === id)) throw appError('P2P_PAYMENT_METHOD_INVALID');
    await this.store.repos.p2p.removePaymentMethod(userId, id, this.options.now());
    return this.paymentMethods(userId);
  }

  /** The price of an ad now, in cents: a floating price follows the index (its last price without one). */
  priceCents(ad: Pick<P2pAdRow, 'price_type' | 'price_cents' | 'margin_bps' | 'coin' | 'fiat'>) {
    if (ad.price_type === 'fixed') return BigInt(ad.price_cents);
    const index = this.options.index(ad.coin, ad.fiat);
    if (index === null) return BigInt(ad.price_cents);
    return floatingCents(index, ad.margin_bps);
  }

  /** Checks what an ad sets (publishing or editing); refuses with the first fault. */
  private async adFields(
    userId: string,
    coin: string,
    fiat: P2pFiat,
    body: Omit<PublishP2pAd, 'side' | 'coin' | 'fiat'>,
  ): Promise<AdEdit> {
    if (!this.options.coins().includes(coin)) throw appError('P2P_AD_INVALID');
    const total = toMinor(body.total);
    const minCents = centsOf(body.minFiat);
    const maxCents = centsOf(body.maxFiat);
    if (
      total === null ||
      total <= 0n ||
      minCents === null ||
      maxCents === null ||
      minCents <= 0n ||
      minCents > maxCents ||
      !(P2P_TIME_LIMITS_MIN as readonly number[]).includes(body.timeLimitMin)
    ) {
      throw appError('P2P_AD_INVALID');
    }
    const { priceCents, marginBps } = this.priceOf({ ...body, coin, fiat });
    if (!termsAllowed(body.terms)) throw appError('P2P_TERMS_INVALID');
    const own = new Set((await this.store.repos.p2p.paymentMethodsOf(userId)).map((m) => m.id));
    const ids = [...new Set(body.paymentMethodIds)];
    if (ids.length === 0 || ids.some((id) => !own.has(id))) {
      throw appError('P2P_PAYMENT_METHOD_INVALID');
    }
    return {
      price_type: body.priceType,
      price_cents: priceCents.toString(),
      margin_bps: marginBps,
      total: total.toString(),
      min_cents: minCents.toString(),
      max_cents: maxCents.toString(),
      payment_method_ids: JSON.stringify(ids),
      time_limit_min: body.timeLimitMin,
      terms: body.terms,
      min_registered_days: body.minRegisteredDays ?? 0,
      min_completed_orders: body.minCompletedOrders ?? 0,
    };
  }

  async publish(userId: string, body: PublishP2pAd): Promise<P2pAd> {
    const now = this.options.now();
    const fields = await this.adFields(userId, body.coin, body.fiat, body);
    const row: P2pAdRow = {
      ...fields,
      id: newId(),
      user_id: userId,
      side: body.side,
      coin: body.coin,
      fiat: body.fiat,
      remaining: fields.total,
      status: 'online',
      created_at: now,
      updated_at: now,
    };
    await this.spotHost.run(P2P_PUBLISH_AD, { ad: row });
    await this.notice(userId);
    return this.adOf(row.id);
  }

  /** Edits an own ad that is not closed; a sell ad's escrow follows its new total. */
  async edit(userId: string, body: EditP2pAd): Promise<P2pAd> {
    const ad = await this.store.repos.p2p.ad(body.advId);
    if (!ad || ad.user_id !== userId) throw appError('P2P_AD_NOT_FOUND');
    const fields = await this.adFields(userId, ad.coin, ad.fiat as P2pFiat, body);
    await this.spotHost.run(P2P_EDIT_AD, { userId, adId: ad.id, edit: fields });
    if (ad.side === 'sell') await this.notice(userId);
    return this.adOf(ad.id);
  }

  private priceOf(body: Pick<PublishP2pAd, 'coin' | 'fiat' | 'priceType' | 'price' | 'margin'>): {
    priceCents: bigint;
    marginBps: number;
  } {
    const index = this.options.index(body.coin, body.fiat);
    if (body.priceType === 'floating') {
      const margin = body.margin ?? '';
      if (index === null || !/^-?[0-9]{1,2}(\.[0-9]{1,2})?$/.test(margin)) {
        throw appError('P2P_PRICE_INVALID', { band: P2P_PRICE_BAND_BPS / 100 });
      }
      const marginBps = new Decimal(margin).times(100).toNumber();
      if (Math.abs(marginBps) > P2P_PRICE_BAND_BPS) {
        throw appError('P2P_PRICE_INVALID', { band: P2P_PRICE_BAND_BPS / 100 });
      }
      return { priceCents: floatingCents(index, marginBps), marginBps };
    }
    const priceCents = centsOf(body.price ?? '');
    const inBand =
      priceCents !== null &&
      priceCents > 0n &&
      (index === null ||
        new Decimal(priceCents.toString())
          .div(100)
          .minus(index)
          .abs()
          .lte(index.times(P2P_PRICE_BAND_BPS).div(10_000)));
    if (!inBand || priceCents === null) {
      throw appError('P2P_PRICE_INVALID', { band: P2P_PRICE_BAND_BPS / 100 });
    }
    return { priceCents, marginBps: 0 };
  }

  async changeAd(userId: string, adId: string, change: AdChange): Promise<P2pAd> {
    await this.spotHost.run(P2P_CHANGE_AD, { userId, adId, change });
    if (change === 'close') await this.notice(userId);
    return this.adOf(adId);
  }

  /** Online ads for a taker: `side` is the taker's (a taker buys from sell ads). */
  async ads(query: {
    side: P2pSide | null;
    coin: string | null;
    fiat: string | null;
    amount: string | null;
    paymentKind: P2pPaymentKind | null;
  }): Promise<P2pAd[]> {
    const makerSide = query.side === null ? null : query.side === 'buy' ? 'sell' : 'buy';
    const rows = await this.store.repos.p2p.ads({
      side: makerSide,
      coin: query.coin,
      fiat: query.fiat,
      limit: 200,
    });
    let ads = await this.toWire(rows.filter((r) => BigInt(r.remaining) > 0n));
    const fiat = query.amount === null ? null : centsOf(query.amount);
    if (fiat !== null) {
      ads = ads.filter((a) => {
        const min = centsOf(a.minFiat) ?? 0n;
        const max = centsOf(a.maxFiat) ?? 0n;
        return fiat >= min && fiat <= max;
      });
    }
    if (query.paymentKind !== null) {
      const kind = query.paymentKind;
      ads = ads.filter((a) => a.paymentKinds.includes(kind));
    }
    return ads;
  }

  async myAds(userId: string): Promise<P2pAd[]> {
    return this.toWire(await this.store.repos.p2p.adsOf(userId));
  }

  async adOf(id: string): Promise<P2pAd> {
    const row = await this.store.repos.p2p.ad(id);
    if (!row) throw appError('P2P_AD_NOT_FOUND');
    const [ad] = await this.toWire([row]);
    if (!ad) throw appError('P2P_AD_NOT_FOUND');
    return ad;
  }

  async toWire(rows: readonly P2pAdRow[]): Promise<P2pAd[]> {
    const names = await this.names(rows.map((r) => r.user_id));
    const methodIds = rows.flatMap((r) => JSON.parse(r.payment_method_ids) as string[]);
    const kinds = new Map(
      (await this.store.repos.p2p.paymentMethods(methodIds)).map((m) => [m.id, m.kind]),
    );
    return rows.map((r) => ({
      id: r.id,
      merchant: names.get(r.user_id) ?? { userId: r.user_id, name: '' },
      side: r.side as P2pSide,
      coin: r.coin,
      fiat: r.fiat as P2pFiat,
      priceType: r.price_type as P2pAd['priceType'],
      price: centsText(this.priceCents(r)),
      margin: r.price_type === 'floating' ? new Decimal(r.margin_bps).div(100).toString() : '',
      total: amountText(BigInt(r.total)),
      remaining: amountText(BigInt(r.remaining)),
      minFiat: centsText(BigInt(r.min_cents)),
      maxFiat: centsText(BigInt(r.max_cents)),
      paymentKinds: [
        ...new Set(
          (JSON.parse(r.payment_method_ids) as string[])
            .map((id) => kinds.get(id))
            .filter((k): k is string => k !== undefined),
        ),
      ] as P2pPaymentKind[],
      timeLimitMin: r.time_limit_min,
      terms: r.terms,
      status: r.status as P2pAd['status'],
      createdAt: r.created_at,
      minRegisteredDays: r.min_registered_days,
      minCompletedOrders: r.min_completed_orders,
    }));
  }

  /** How users are shown to each other: the start of the email, masked. */
  async names(userIds: readonly string[]): Promise<Map<string, P2pMerchantRef>> {
    const out = new Map<string, P2pMerchantRef>();
    for (const userId of new Set(userIds)) {
      const user = await this.store.repos.users.byId(userId);
      const handle = user?.email?.split('@')[0] ?? user?.mobile ?? '';
      out.set(userId, { userId, name: `${handle.slice(0, 3)}***` });
    }
    return out;
  }

  async merchant(userId: string): Promise<P2pMerchant> {
    const now = this.options.now();
    const since = now - 30 * DAY_MS;
    const rows = await this.store.repos.p2p.ordersSince(userId, since);
    const finished = rows.filter((r) => r.status === 'completed' || r.status === 'cancelled');
    const completed = rows.filter((r) => r.status === 'completed');
    const releases = completed
      .filter((r) => r.seller_id === userId && r.paid_at !== null && r.finished_at !== null)
      .map((r) => (r.finished_at as number) - (r.paid_at as number));
    const payments = rows
      .filter((r) => r.buyer_id === userId && r.paid_at !== null)
      .map((r) => (r.paid_at as number) - r.created_at);
    const [positive, feedback] = await this.store.repos.p2p.feedbackCount(userId, since);
    const user = await this.store.repos.users.byId(userId);
    const name = (await this.names([userId])).get(userId)?.name ?? '';
    const minutes = (spans: number[]) =>
      spans.length === 0
        ? ''
        : new Decimal(spans.reduce((a, b) => a + b, 0)).div(spans.length).div(60_000).toFixed(1);
    return {
      userId,
      name,
      completed30d: completed.length,
      completionRate:
        finished.length === 0
          ? ''
          : new Decimal(completed.length).times(100).div(finished.length).toFixed(2),
      avgReleaseMin: minutes(releases),
      avgPayMin: minutes(payments),
      positiveRate: feedback === 0 ? '' : new Decimal(positive).times(100).div(feedback).toFixed(2),
      feedbackCount: feedback,
      registeredDays: user ? Math.max(0, Math.floor((now - Number(user.created_at)) / DAY_MS)) : 0,
    };
  }

  /** Balances changed outside an order of the host: tell the balance channel. */
  async notice(...userIds: string[]): Promise<void> {
    await this.spotHost.submit({ kind: 'notice', userIds });
  }
}

/** index x (1 + margin), in cents, half up. */
function floatingCents(index: DecimalValue, marginBps: number): bigint {
  return BigInt(
    index
      .times(10_000 + marginBps)
      .div(100)
      .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      .toFixed(0),
  );
}
