/** Row types of the accounts module's tables; timestamps are epoch milliseconds. */
import type { KernelTables } from '../../kernel/db/schema';

export interface UsersTable {
  id: string;
  user_id: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  password_hash: string;
  referral_code: string;
  referrer_user_id: string | null;
  register_vip_no: string | null;
  register_channel: string | null;
  clac_code: string | null;
  common_code: string | null;
  group_id: string | null;
  act_code: string | null;
  /** 'active', 'disabled', or 'frozen' (by its owner; only the operator unfreezes it). */
  status: string;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
}

export interface VerifyCodesTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
  created_at: number;
}

/** A user's second factors: one row once the user has touched them. */
export interface UserFactorsTable {
  user_id: string;
  /** Base32 TOTP key of the bound authenticator, or null when none is bound. */
  google_secret: string | null;
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  google_last_step: number | null;
  /** A new key shown once and waiting for its first code. */
  google_pending_secret: string | null;
  google_pending_expires_at: number | null;
  /** 1 when a login asks for a mailed code, else 0. */
  email_on: number;
  /** 1 when a login asks for a texted code, else 0. */
  mobile_on: number;
  updated_at: number;
}

/** A login whose password was right, waiting for its second factors; single use. */
export interface LoginTicketsTable {
  /** SHA-256 of the ticket handed to the client. */
  ticket_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** A user's security settings: one row once the user has changed one. */
export interface UserSecurityTable {
  user_id: string;
  /** 4-20 letters or digits shown at the top of every mail, or null. */
  anti_phishing_code: string | null;
  /** When the password was last changed or reset. */
  password_changed_at: number | null;
  /** Withdrawals are refused before this time (set by a password reset). */
  withdraw_hold_until: number | null;
  /** When the owner froze the account (users.status is then 'frozen'). */
  frozen_at: number | null;
  updated_at: number;
}

/** A device a user has logged in from: a new one gets a mail at its first login. */
export interface UserDevicesTable {
  user_id: string;
  /** SHA-256 of the browser's device id, or of its user agent when it sent none. */
  device_hash: string;
  first_seen_at: number;
  last_seen_at: number;
}

/** A passkey (WebAuthn credential) a user registered. */
export interface UserPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen (0 for authenticators that keep none). */
  counter: number;
  /** Comma-separated transports the browser reported, or ''. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** An open WebAuthn challenge: registration (with its user) or login; single use. */
export interface WebauthnChallengesTable {
  /** The challenge, base64url. */
  challenge: string;
  purpose: 'register' | 'login';
  user_id: string | null;
  rp_id: string;
  origin: string;
  expires_at: number;
  consumed_at: number | null;
}

/** A QR login key: shown by one browser, approved by a logged-in session, used once. */
export interface QrLoginsTable {
  /** SHA-256 of the key. */
  key_hash: string;
  /** SHA-256 of the device id of the browser that asked for it: only it may poll. */
  device_hash: string;
  /** 'waiting', 'scanned', 'confirmed', 'canceled' or 'used'. */
  status: string;
  /** The user whose session opened the link (scanned), then approved it. */
  user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  expires_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type AccountsTables = {
  users: UsersTable;
  verify_codes: VerifyCodesTable;
  user_factors: UserFactorsTable;
  login_tickets: LoginTicketsTable;
  user_security: UserSecurityTable;
  user_devices: UserDevicesTable;
  user_passkeys: UserPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  qr_logins: QrLoginsTable;
};

/** What the accounts repositories query: the kernel's tables and the module's own. */
export type AccountsDatabase = KernelTables & AccountsTables;
