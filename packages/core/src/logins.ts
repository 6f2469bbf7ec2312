/**
 * Other ways in: passkeys (WebAuthn) and QR login. The wire shapes of their
 * calls, shared by the server and the web app.
 */

/** Passkeys one account may hold. */
export const PASSKEY_MAX = 10;
/** Seconds a WebAuthn challenge stays open. */
export const PASSKEY_CHALLENGE_TTL_S = 300;
/** Seconds a QR login key lives (shown, scanned and approved within it). */
export const QR_LOGIN_TTL_S = 120;
/** The app path of the approval screen a QR code links to; `?qrcodeKey=` follows. */
export const QR_LOGIN_APPROVE_PATH = '/account/qr-login';

/** A registered passkey as its owner sees it. */
export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/**
 * A QR key's state: waiting to be scanned, scanned (a logged-in session
 * opened its link), confirmed (approved; the poller is logged in once),
 * canceled, or expired.
 */
export type QrKeyStatus = 'waiting' | 'scanned' | 'confirmed' | 'canceled' | 'expired';

export interface QrKeyIssued {
  qrcodeKey: string;
  /** Epoch ms after which the key is refused. */
  expireTime: number;
}

/** What the approving session is shown: the device that asks to log in. */
export interface QrLoginRequest {
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
  expireTime: number;
}
