/**
 * How P2P tells of an order: its chat lines on the wire, the listeners of
 * each change (the socket channel), and a mail to both sides at each step
 * (in the default language: accounts keep no language of their own).
 */
import { DEFAULT_LOCALE } from '@quay/core';
import type { P2pMessage, P2pOrderPush } from '@quay/core/p2p';
import { serverMessage } from '../../kernel/messages';
import type { MessageName } from '../../kernel/messages/names';
import { amountText, centsText } from './p2p-jobs';
import type { P2pMessageRow, P2pOrderRow } from './p2p-repository';

/** Sends one mail to a user (nothing when they have no address). */
export type P2pMail = (userId: string, subject: string, text: string) => Promise<void>;

/** Hears of every message and state change of an order, with the two users to tell. */
export type P2pOrderListener = (
  parties: { buyerId: string; sellerId: string },
  push: P2pOrderPush,
  order: P2pOrderRow,
) => void;

export function messageToWire(m: P2pMessageRow, buyerId: string): P2pMessage {
  return {
    id: m.id,
    orderId: m.order_id,
    from: m.sender === 'system' ? 'system' : m.sender === buyerId ? 'buyer' : 'seller',
    text: m.text,
    imageId: m.image_id,
    createdAt: m.created_at,
  };
}

/** A mail to both sides of the state the order moved to; never holds up the step. */
export function mailStep(
  mail: P2pMail,
  row: P2pOrderRow,
  onError: (err: unknown, what: string) => void,
): void {
  const state = `P2P_STATE_${row.status.toUpperCase()}` as MessageName;
  const params = {
    order: row.id,
    amount: amountText(BigInt(row.amount)),
    coin: row.coin,
    fiat: centsText(BigInt(row.fiat_cents)),
    currency: row.fiat,
    state: serverMessage(state, DEFAULT_LOCALE),
  };
  for (const userId of [row.buyer_id, row.seller_id]) {
    mail(
      userId,
      serverMessage('MAIL_P2P_SUBJECT', DEFAULT_LOCALE, params),
      serverMessage('MAIL_P2P_BODY', DEFAULT_LOCALE, params),
    ).catch((err: unknown) => onError(err, 'p2p notice mail failed'));
  }
}
