/**
 * P2P trading on the wire: payment methods, advertisements and escrowed
 * orders between users, shared by the server and the web app. Coin amounts
 * are decimal strings of at most 8 decimals, fiat amounts and prices of at
 * most 2; times are epoch milliseconds. A sell ad's coins, and the coins of
 * every live order, are held in escrow by the exchange until the seller
 * releases them to the buyer (or the order is cancelled or refunded).
 *
 * Imported as `@quay/core/p2p`: the package's main entry is at its size
 * limit, and P2P is read only by its own server module and web feature.
 */

export const P2P_PATHS = {
  // Public.
  /** P2pAd[]: online ads (?side=buy|sell&coin=&fiat=&amount=&paymentKind=), side as the taker sees it. */
  ads: '/v1/p2p/advs',
  /** P2pMerchant (?userId=): 30-day figures of a merchant. */
  merchant: '/v1/p2p/merchant',
  // Private.
  /** P2pPaymentMethod[] of the current user. */
  paymentMethods: '/v1/p2p/payment-methods',
  /** POST AddP2pPaymentMethod -> P2pPaymentMethod (second factor and device token). */
  addPaymentMethod: '/v1/p2p/payment-method/add',
  /** POST { id } -> P2pPaymentMethod[]. */
  removePaymentMethod: '/v1/p2p/payment-method/remove',
  /** P2pAd[] of the current user, every status. */
  myAds: '/v1/p2p/adv/mine',
  /** POST PublishP2pAd -> P2pAd (device token); a sell ad's total moves into escrow. */
  publishAd: '/v1/p2p/adv/publish',
  /** POST { advId } -> P2pAd. */
  pauseAd: '/v1/p2p/adv/pause',
  resumeAd: '/v1/p2p/adv/resume',
  /** POST { advId } -> P2pAd; what a sell ad still holds in escrow goes back to the seller. */
  closeAd: '/v1/p2p/adv/close',
  /** POST OpenP2pOrder -> P2pOrder. */
  openOrder: '/v1/p2p/order/open',
  /** P2pOrder (?orderId=), for its buyer and seller only. */
  order: '/v1/p2p/order',
  /** P2pOrder[] of the current user, newest first. */
  orders: '/v1/p2p/orders',
  /** POST { orderId } -> P2pOrder: the buyer has paid. */
  markPaid: '/v1/p2p/order/paid',
  /** POST ConfirmP2pRelease -> P2pOrder: the seller received the fiat; escrow to the buyer (second factor, device token). */
  confirmRelease: '/v1/p2p/order/confirm-put-coin',
  /** POST { orderId } -> P2pOrder: the buyer cancels before paying. */
  cancelOrder: '/v1/p2p/order/cancel',
  /** POST { orderId, reason } -> P2pOrder: either side, once paid; the operator decides. */
  appeal: '/v1/p2p/order/appeal',
  /** P2pMessage[] (?orderId=) of an order's chat, oldest first. */
  messages: '/v1/p2p/order/messages',
  /** POST { orderId, text } -> P2pMessage. */
  sendMessage: '/v1/p2p/order/message',
  /** POST { orderId, data } -> P2pMessage: an image (base64 PNG, JPEG or WebP) in the chat. */
  sendImage: '/v1/p2p/order/image',
  /** P2pFile (?orderId=&fileId=): a chat image or an appeal's evidence, for the order's parties only. */
  file: '/v1/p2p/order/file',
  /** POST { orderId, data } -> P2pOrder: an evidence image for an appealed order. */
  addEvidence: '/v1/p2p/order/evidence',
  /** POST { orderId, positive, comment } -> P2pOrder: feedback on the counterparty of a completed order. */
  feedback: '/v1/p2p/order/feedback',
  /** POST EditP2pAd -> P2pAd (device token); a sell ad's escrow follows its new total. */
  editAd: '/v1/p2p/adv/edit',
} as const;

/**
 * The private WebSocket channel of P2P (/v1/ws, after `auth`): a
 * P2pOrderPush to the buyer and the seller of an order on each message and
 * state change of it; never to anyone else.
 */
export const P2P_CHANNELS = {
  orders: 'p2p.orders',
} as const;

export interface P2pOrderPush {
  orderId: string;
  status: P2pOrderStatus;
  /** The new lines of its chat (a state change brings its system line). */
  messages: P2pMessage[];
}

/** Images a chat or an appeal takes: the type is read from the bytes, never from a name. */
export const P2P_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type P2pImageType = (typeof P2P_IMAGE_TYPES)[number];
/** At most this many bytes per image (before base64). */
export const P2P_IMAGE_MAX_BYTES = 1024 * 1024;
/** Chat images per party and order. */
export const P2P_CHAT_IMAGES_MAX = 20;
/** Evidence images per party and order. */
export const P2P_EVIDENCE_MAX = 6;
/** Counterparty requirements an ad may set, at most. */
export const P2P_REQUIRED_DAYS_MAX = 3650;
export const P2P_REQUIRED_ORDERS_MAX = 10_000;

export const P2P_SIDES = ['buy', 'sell'] as const;
export type P2pSide = (typeof P2P_SIDES)[number];
export const P2P_PRICE_TYPES = ['fixed', 'floating'] as const;
export type P2pPriceType = (typeof P2P_PRICE_TYPES)[number];
export const P2P_PAYMENT_KINDS = ['bank', 'card', 'wallet'] as const;
export type P2pPaymentKind = (typeof P2P_PAYMENT_KINDS)[number];
export const P2P_TIME_LIMITS_MIN = [15, 30, 45] as const;
export const P2P_FIATS = ['USD', 'EUR', 'TRY', 'VND', 'IDR', 'PHP', 'RUB', 'JPY'] as const;
export type P2pFiat = (typeof P2P_FIATS)[number];
export const P2P_AD_STATUSES = ['online', 'paused', 'closed'] as const;
export type P2pAdStatus = (typeof P2P_AD_STATUSES)[number];
export const P2P_ORDER_STATUSES = ['unpaid', 'paid', 'appeal', 'completed', 'cancelled'] as const;
export type P2pOrderStatus = (typeof P2P_ORDER_STATUSES)[number];
/** Cancellations (by the buyer or at the time limit) in one UTC day that bar new orders until the next. */
export const P2P_DAILY_CANCEL_LIMIT = 3;
export const P2P_TERMS_MAX = 2000;
export const P2P_MESSAGE_MAX = 500;
/** A fixed price may differ from the index by at most this share (basis points). */
export const P2P_PRICE_BAND_BPS = 2000;

export interface P2pPaymentMethod {
  id: string;
  kind: P2pPaymentKind;
  /** The bank or wallet, e.g. "Wise". */
  name: string;
  /** Holder and account number, as the buyer pays to it. */
  account: string;
  createdAt: number;
}

export interface AddP2pPaymentMethod {
  kind: P2pPaymentKind;
  name: string;
  account: string;
  googleCode?: string;
  emailCode?: string;
  mobileCode?: string;
}

export interface P2pMerchantRef {
  userId: string;
  name: string;
}

export interface P2pAd {
  id: string;
  merchant: P2pMerchantRef;
  /** The maker's side: a sell ad sells coins to its takers. */
  side: P2pSide;
  coin: string;
  fiat: P2pFiat;
  priceType: P2pPriceType;
  /** Fiat per coin, now (a floating price follows the index). */
  price: string;
  /** Over the index, in percent ('' for a fixed price). */
  margin: string;
  total: string;
  /** What can still be taken. */
  remaining: string;
  /** Per order, in fiat. */
  minFiat: string;
  maxFiat: string;
  paymentKinds: P2pPaymentKind[];
  timeLimitMin: number;
  /** Rich text, shown through the web's one sanitiser. */
  terms: string;
  status: P2pAdStatus;
  createdAt: number;
  /** A taker's account must be this many days old (0: any). */
  minRegisteredDays: number;
  /** A taker must have completed this many orders (0: any). */
  minCompletedOrders: number;
}

export interface PublishP2pAd {
  side: P2pSide;
  coin: string;
  fiat: P2pFiat;
  priceType: P2pPriceType;
  /** Fixed price (fiat per coin), for a fixed ad. */
  price?: string;
  /** Percent over the index (may be negative), for a floating ad. */
  margin?: string;
  total: string;
  minFiat: string;
  maxFiat: string;
  /** Own payment methods the buyer pays to (sell ad) or kinds accepted (buy ad). */
  paymentMethodIds: string[];
  timeLimitMin: number;
  terms: string;
  minRegisteredDays?: number;
  minCompletedOrders?: number;
}

/** What an own ad's owner may change; side, coin and fiat stay. */
export interface EditP2pAd extends Omit<PublishP2pAd, 'side' | 'coin' | 'fiat'> {
  advId: string;
}

export interface OpenP2pOrder {
  advId: string;
  /** Coin amount. */
  amount: string;
}

export interface ConfirmP2pRelease {
  orderId: string;
  googleCode?: string;
  emailCode?: string;
  mobileCode?: string;
}

export interface P2pOrder {
  id: string;
  advId: string;
  /** The caller's role. */
  role: 'buyer' | 'seller';
  counterparty: P2pMerchantRef;
  coin: string;
  fiat: P2pFiat;
  price: string;
  amount: string;
  fiatAmount: string;
  status: P2pOrderStatus;
  /** 'buyer', 'timeout', 'appeal' when cancelled; else ''. */
  cancelReason: string;
  createdAt: number;
  /** The buyer must pay by then. */
  expiresAt: number;
  paidAt: number | null;
  finishedAt: number | null;
  /** The seller's payment details: shown to the buyer and seller of a live order only, else []. */
  paymentMethods: P2pPaymentMethod[];
  appealReason: string;
  /** Evidence images of the appeal, by either side. */
  evidence: P2pEvidence[];
  /** The caller's feedback on the counterparty: '' before any. */
  myFeedback: '' | 'positive' | 'negative';
}

export interface P2pEvidence {
  fileId: string;
  from: 'buyer' | 'seller';
  createdAt: number;
}

export interface P2pFile {
  id: string;
  type: P2pImageType;
  /** Base64 bytes. */
  data: string;
}

export interface P2pMessage {
  id: string;
  orderId: string;
  /** 'system' for a state change, else 'buyer' or 'seller'. */
  from: 'system' | 'buyer' | 'seller';
  /** For 'system': the new status (paid, completed, cancelled...); else the text ('' for an image). */
  text: string;
  /** An image's file (P2P_PATHS.file), else ''. */
  imageId: string;
  createdAt: number;
}

export interface P2pMerchant {
  userId: string;
  name: string;
  completed30d: number;
  /** Percent of orders of 30 days completed ('' without any). */
  completionRate: string;
  /** Average minutes from paid to released ('' without any). */
  avgReleaseMin: string;
  /** Average minutes from opened to paid, as buyer ('' without any). */
  avgPayMin: string;
  /** Percent of positive feedback received in 30 days ('' without any). */
  positiveRate: string;
  feedbackCount: number;
  /** Days since the account was registered. */
  registeredDays: number;
}
