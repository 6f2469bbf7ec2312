/**
 * P2P orders: opening one on an ad, the steps of its life (paid, release,
 * cancel, appeal) as ledger jobs of the spot host, the order and its chat
 * for its two parties only, the automatic cancellation of unpaid orders at
 * their time limit (on the app's clock), the bar after three cancellations
 * in a day, and the operator's decision on an appeal.
 */
import {
  P2P_CHAT_IMAGES_MAX,
  P2P_DAILY_CANCEL_LIMIT,
  P2P_EVIDENCE_MAX,
  P2P_MESSAGE_MAX,
  type P2pFile,
  type P2pFiat,
  type P2pImageType,
  type P2pMessage,
  type P2pOrder,
  type P2pOrderPush,
  type P2pOrderStatus,
} from '@quay/core/p2p';
import { AppError, appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { toMinor } from '../../kernel/money';
import type { ClientInfo } from '../../kernel/sessions';
import {
  amountText,
  centsText,
  isLive,
  P2P_OPEN_ORDER,
  P2P_ORDER_STEP,
  type OrderActor,
  type OrderStep,
} from './p2p-jobs';
import { messageId } from './p2p-batch';
import { checkedImage } from './p2p-images';
import { mailStep, messageToWire, type P2pMail, type P2pOrderListener } from './p2p-notices';
import type { P2pMessageRow, P2pOrderRow } from './p2p-repository';
import { fiatCents, paymentMethodToWire, type P2pService } from './p2p-service';
import { printable } from './p2p-terms';

const DAY_MS = 86_400_000;

const MINUTE_MS = 60_000;
/** At most this many orders are cancelled per tick; the next tick takes the rest. */
const EXPIRE_BATCH = 200;

export class P2pOrders {
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private readonly listeners = new Set<P2pOrderListener>();

  constructor(
    private readonly p2p: P2pService,
    private readonly onError: (err: unknown, what: string) => void,
    /** Mails a user (their address, if any); a notice of each step goes to both sides. */
    private readonly mail: P2pMail | null = null,
  ) {}

  /** Listens to every order's messages and state changes; returns how to stop. */
  onChange(listener: P2pOrderListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells the listeners of an order's change: a chat line, its latest system
   * line (a step's, read back from the store: what was committed), or none.
   */
  private async changed(orderId: string, line: P2pMessageRow | 'system' | null): Promise<void> {
    if (this.listeners.size === 0 && !(line === 'system' && this.mail)) return;
    const row = await this.repos.p2p.order(orderId);
    if (!row) return;
    if (line === 'system' && this.mail) mailStep(this.mail, row, this.onError);
    const rows =
      line === 'system' ? await this.repos.p2p.lastSystemMessage(orderId) : line ? [line] : [];
    const messages = rows.map((m) => messageToWire(m, row.buyer_id));
    const push: P2pOrderPush = {
      orderId,
      status: row.status as P2pOrderStatus,
      messages,
    };
    for (const listener of this.listeners) {
      try {
        listener({ buyerId: row.buyer_id, sellerId: row.seller_id }, push, row);
      } catch (err) {
        this.onError(err, 'p2p push failed');
      }
    }
  }

  private get repos() {
    return this.p2p.store.repos;
  }

  private now(): number {
    return this.p2p.options.now();
  }

  /** Until when the user may not open orders (the next UTC day), or null. */
  async barredUntil(userId: string): Promise<number | null> {
    const dayStart = Math.floor(this.now() / DAY_MS) * DAY_MS;
    const cancelled = await this.repos.p2p.cancellationsSince(userId, dayStart);
    return cancelled >= P2P_DAILY_CANCEL_LIMIT ? dayStart + DAY_MS : null;
  }

  async open(userId: string, advId: string, amountText_: string): Promise<P2pOrder> {
    const ad = await this.repos.p2p.ad(advId);
    if (!ad) throw appError('P2P_AD_NOT_FOUND');
    if (ad.user_id === userId) throw appError('P2P_OWN_AD');
    if (ad.status !== 'online') throw appError('P2P_AD_NOT_ONLINE');
    const until = await this.barredUntil(userId);
    if (until !== null) {
      throw appError('P2P_CANCEL_LIMIT', {
        until: new Date(until).toISOString().slice(0, 16).replace('T', ' '),
      });
    }
    if (ad.min_registered_days > 0 || ad.min_completed_orders > 0) {
      const user = await this.repos.users.byId(userId);
      const days = user ? Math.floor((this.now() - Number(user.created_at)) / DAY_MS) : 0;
      const done = ad.min_completed_orders > 0 ? await this.repos.p2p.completedCount(userId) : 0;
      if (days < ad.min_registered_days || done < ad.min_completed_orders) {
        throw appError('P2P_REQUIREMENTS_UNMET', {
          days: ad.min_registered_days,
          orders: ad.min_completed_orders,
        });
      }
    }
    const amount = toMinor(amountText_);
    if (amount === null || amount <= 0n) throw appError('AMOUNT_INVALID', { decimals: 8 });
    const priceCents = this.p2p.priceCents(ad);
    const cents = fiatCents(amount, priceCents);
    if (cents < BigInt(ad.min_cents) || cents > BigInt(ad.max_cents)) {
      throw appError('P2P_AMOUNT_OUT_OF_RANGE', {
        min: centsText(BigInt(ad.min_cents)),
        max: centsText(BigInt(ad.max_cents)),
        fiat: ad.fiat,
      });
    }
    const adMethods = JSON.parse(ad.payment_method_ids) as string[];
    let methodIds = adMethods;
    if (ad.side === 'buy') {
      // The taker sells: the buyer pays to the taker's methods of the kinds the ad accepts.
      const kinds = new Set((await this.repos.p2p.paymentMethods(adMethods)).map((m) => m.kind));
      methodIds = (await this.repos.p2p.paymentMethodsOf(userId))
        .filter((m) => kinds.has(m.kind))
        .map((m) => m.id);
      if (methodIds.length === 0) throw appError('P2P_PAYMENT_METHOD_INVALID');
    }
    const sellAd = ad.side === 'sell';
    const order: P2pOrderRow = {
      id: newId(),
      ad_id: ad.id,
      buyer_id: sellAd ? userId : ad.user_id,
      seller_id: sellAd ? ad.user_id : userId,
      taker_id: userId,
      coin: ad.coin,
      fiat: ad.fiat,
      price_cents: priceCents.toString(),
      amount: amount.toString(),
      fiat_cents: cents.toString(),
      payment_method_ids: JSON.stringify(methodIds),
      status: 'unpaid',
      cancel_reason: '',
      appeal_reason: '',
      decision: '',
      created_at: 0,
      expires_at: 0,
      paid_at: null,
      finished_at: null,
    };
    await this.p2p.spotHost.run(P2P_OPEN_ORDER, {
      order,
      timeLimitMs: ad.time_limit_min * MINUTE_MS,
    });
    if (!sellAd) await this.p2p.notice(userId);
    await this.changed(order.id, 'system');
    return this.order(userId, order.id);
  }

  /** An order of the user's: NOT_FOUND for anyone but its buyer and seller. */
  private async ownOrder(userId: string, orderId: string): Promise<P2pOrderRow> {
    const row = await this.repos.p2p.order(orderId);
    if (!row || (row.buyer_id !== userId && row.seller_id !== userId)) {
      throw appError('P2P_ORDER_NOT_FOUND');
    }
    return row;
  }

  async order(userId: string, orderId: string): Promise<P2pOrder> {
    const row = await this.ownOrder(userId, orderId);
    const [order] = await this.toWire(userId, [row]);
    if (!order) throw appError('P2P_ORDER_NOT_FOUND');
    return order;
  }

  async orders(userId: string): Promise<P2pOrder[]> {
    return this.toWire(userId, await this.repos.p2p.ordersOf(userId, 100));
  }

  private async toWire(userId: string, rows: readonly P2pOrderRow[]): Promise<P2pOrder[]> {
    const names = await this.p2p.names(
      rows.map((r) => (r.buyer_id === userId ? r.seller_id : r.buyer_id)),
    );
    const feedback = new Map(
      (
        await this.repos.p2p.feedbackOn(
          rows.filter((r) => r.status === 'completed').map((r) => r.id),
          userId,
        )
      ).map((f) => [f.order_id, Number(f.positive) === 1 ? 'positive' : 'negative'] as const),
    );
    const out: P2pOrder[] = [];
    for (const r of rows) {
      const buyer = r.buyer_id === userId;
      const other = buyer ? r.seller_id : r.buyer_id;
      // The seller's payment details: only while the order is live, to its two parties.
      const methods = isLive(r.status)
        ? await this.repos.p2p.paymentMethods(JSON.parse(r.payment_method_ids) as string[])
        : [];
      out.push({
        id: r.id,
        advId: r.ad_id,
        role: buyer ? 'buyer' : 'seller',
        counterparty: names.get(other) ?? { userId: other, name: '' },
        coin: r.coin,
        fiat: r.fiat as P2pFiat,
        price: centsText(BigInt(r.price_cents)),
        amount: amountText(BigInt(r.amount)),
        fiatAmount: centsText(BigInt(r.fiat_cents)),
        status: r.status as P2pOrderStatus,
        cancelReason: r.cancel_reason,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        paidAt: r.paid_at,
        finishedAt: r.finished_at,
        paymentMethods: methods.map(paymentMethodToWire),
        appealReason: r.appeal_reason,
        evidence:
          r.appeal_reason === ''
            ? []
            : (await this.repos.p2p.filesOf(r.id, 'evidence')).map((f) => ({
                fileId: f.id,
                from: f.user_id === r.buyer_id ? 'buyer' : 'seller',
                createdAt: f.created_at,
              })),
        myFeedback: feedback.get(r.id) ?? '',
      });
    }
    return out;
  }

  /** A step by the order's buyer or seller. */
  async step(
    userId: string,
    orderId: string,
    step: Exclude<OrderStep, 'release'>,
    reason = '',
  ): Promise<P2pOrder> {
    const row = await this.ownOrder(userId, orderId);
    let text = '';
    if (step === 'appeal') {
      const checked = printable(reason, P2P_MESSAGE_MAX);
      if (checked === null) throw appError('INVALID_PARAMETER');
      text = checked;
    }
    await this.run(row, step, { userId }, text);
    return this.order(userId, orderId);
  }

  /** "Confirm put coin": the seller received the fiat; the escrow goes to the buyer. */
  async release(
    userId: string,
    orderId: string,
    codes: { googleCode?: string; emailCode?: string; mobileCode?: string },
    client: ClientInfo,
  ): Promise<P2pOrder> {
    const row = await this.ownOrder(userId, orderId);
    if (row.seller_id !== userId || (row.status !== 'paid' && row.status !== 'appeal')) {
      throw appError('P2P_ORDER_STATE');
    }
    await this.p2p.confirm(userId, codes, client);
    await this.run(row, 'release', { userId });
    return this.order(userId, orderId);
  }

  /**
   * Applies the operator's decisions on appeals (recorded by the command
   * line beside the server): release to the buyer, or refund the seller.
   */
  private async applyDecisions(): Promise<void> {
    for (const id of await this.repos.p2p.decidedOrders(EXPIRE_BATCH)) {
      const row = await this.repos.p2p.order(id);
      if (!row) continue;
      try {
        await this.run(row, row.decision === 'release' ? 'release' : 'cancel', { by: 'operator' });
      } catch (err) {
        // Released by the seller in the meantime: the order has its one outcome already.
        if (!(err instanceof AppError && err.errorName === 'P2P_ORDER_STATE')) throw err;
      }
    }
  }

  private async run(row: P2pOrderRow, step: OrderStep, actor: OrderActor, reason = '') {
    const parties = { id: row.id, buyer_id: row.buyer_id, seller_id: row.seller_id };
    await this.p2p.spotHost.run(P2P_ORDER_STEP, { parties, step, actor, reason });
    if (step === 'release' || step === 'cancel') await this.p2p.notice(row.buyer_id, row.seller_id);
    await this.changed(row.id, 'system');
  }

  async messages(userId: string, orderId: string): Promise<P2pMessage[]> {
    const row = await this.ownOrder(userId, orderId);
    return (await this.repos.p2p.messages(orderId)).map((m) => messageToWire(m, row.buyer_id));
  }

  async send(userId: string, orderId: string, text: string): Promise<P2pMessage> {
    await this.ownOrder(userId, orderId);
    const checked = printable(text, P2P_MESSAGE_MAX);
    if (checked === null) throw appError('INVALID_PARAMETER');
    return this.say(userId, orderId, checked, '');
  }

  /** An image in the chat: checked (type from the bytes, size), kept with the order. */
  async sendImage(userId: string, orderId: string, data: string): Promise<P2pMessage> {
    await this.ownOrder(userId, orderId);
    const sent = (await this.repos.p2p.filesOf(orderId, 'chat')).filter(
      (f) => f.user_id === userId,
    );
    if (sent.length >= P2P_CHAT_IMAGES_MAX) {
      throw appError('P2P_CHAT_IMAGE_LIMIT', { max: P2P_CHAT_IMAGES_MAX });
    }
    const fileId = await this.keep(userId, orderId, 'chat', data);
    return this.say(userId, orderId, '', fileId);
  }

  private async say(
    userId: string,
    orderId: string,
    text: string,
    imageId: string,
  ): Promise<P2pMessage> {
    const row = await this.ownOrder(userId, orderId);
    const message: P2pMessageRow = {
      id: messageId(this.now()),
      order_id: orderId,
      sender: userId,
      text,
      image_id: imageId,
      created_at: this.now(),
    };
    await this.repos.p2p.insertMessages([message]);
    await this.changed(orderId, message);
    return messageToWire(message, row.buyer_id);
  }

  private async keep(
    userId: string,
    orderId: string,
    purpose: 'chat' | 'evidence',
    data: string,
  ): Promise<string> {
    const { type, bytes } = checkedImage(data);
    const id = newId();
    await this.repos.p2p.insertFile({
      id,
      order_id: orderId,
      user_id: userId,
      purpose,
      type,
      size: bytes.length,
      data: bytes.toString('base64'),
      created_at: this.now(),
    });
    return id;
  }

  /** A chat image or an evidence image of an order, for its two parties only. */
  async file(userId: string, orderId: string, fileId: string): Promise<P2pFile> {
    await this.ownOrder(userId, orderId);
    const file = await this.repos.p2p.file(orderId, fileId);
    if (!file) throw appError('P2P_ORDER_NOT_FOUND');
    return { id: file.id, type: file.type as P2pImageType, data: file.data };
  }

  /** Evidence for an appealed order, by either side, at most P2P_EVIDENCE_MAX each. */
  async addEvidence(userId: string, orderId: string, data: string): Promise<P2pOrder> {
    const row = await this.ownOrder(userId, orderId);
    if (row.status !== 'appeal') throw appError('P2P_ORDER_STATE');
    const mine = (await this.repos.p2p.filesOf(orderId, 'evidence')).filter(
      (f) => f.user_id === userId,
    );
    if (mine.length >= P2P_EVIDENCE_MAX) {
      throw appError('P2P_EVIDENCE_LIMIT', { max: P2P_EVIDENCE_MAX });
    }
    await this.keep(userId, orderId, 'evidence', data);
    await this.changed(orderId, null);
    return this.order(userId, orderId);
  }

  /** Feedback on the counterparty of a completed order: once per side. */
  async feedback(
    userId: string,
    orderId: string,
    positive: boolean,
    comment: string,
  ): Promise<P2pOrder> {
    const row = await this.ownOrder(userId, orderId);
    const checked = comment === '' ? '' : printable(comment, P2P_MESSAGE_MAX);
    if (checked === null) throw appError('INVALID_PARAMETER');
    if (row.status !== 'completed') throw appError('P2P_ORDER_STATE');
    const recorded = await this.repos.p2p.insertFeedback({
      order_id: orderId,
      from_user: userId,
      to_user: row.buyer_id === userId ? row.seller_id : row.buyer_id,
      positive: positive ? 1 : 0,
      comment: checked,
      created_at: this.now(),
    });
    if (!recorded) throw appError('P2P_ORDER_STATE');
    return this.order(userId, orderId);
  }

  /** Cancels every unpaid order past its time limit; its coins go back to the ad (or the seller). */
  private async check(): Promise<void> {
    await this.applyDecisions();
    await this.expire();
  }

  private async expire(): Promise<void> {
    const due = await this.repos.p2p.dueOrders(this.now(), EXPIRE_BATCH);
    for (const id of due) {
      const row = await this.repos.p2p.order(id);
      if (!row) continue;
      try {
        await this.run(row, 'cancel', { by: 'timeout' });
      } catch (err) {
        // Paid in the meantime: nothing to cancel.
        if (!(err instanceof AppError && err.errorName === 'P2P_ORDER_STATE')) throw err;
      }
    }
  }

  startTimer(interval_ms: number): void {
    this.timer = setInterval(() => void this.tickNow(), interval_ms);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** One check now (the timer's, or a test's); a check still running is waited for instead. */
  async tickNow(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.check()
      .catch((err) => this.onError(err, 'p2p timeout check failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }
}
