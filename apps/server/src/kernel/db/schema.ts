/** Row types of the tables; timestamps are epoch milliseconds. */
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
  /** 'active' or 'disabled'. */
  status: string;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
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

export interface LoginHistoryTable {
  id: string;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  success: number;
  created_at: number;
}

export interface AnnouncementsTable {
  id: string;
  title: string;
  /** Stored as given: the web app sanitises it where it is shown. */
  body_html: string;
  /** Path under /static (banners/x.svg), or null. */
  banner_path: string | null;
  published_at: number;
  created_at: number;
}

/**
 * Amounts in the ledger tables are integer minor units. Drivers read bigint
 * columns as numbers (SQLite) or checked safe numbers (PostgreSQL), so the
 * ledger repositories read them as text (`cast(x as text)`) and write
 * bigint values: nothing passes through a float.
 */
export type MinorUnits = bigint | string | number;

export interface BalancesTable {
  user_id: string;
  coin: string;
  available: MinorUnits;
  frozen: MinorUnits;
  updated_at: number;
}

export interface LedgerEntriesTable {
  ref: string;
  leg: number;
  kind: string;
  user_id: string;
  coin: string;
  /** 'available' or 'frozen'. */
  bucket: string;
  amount: MinorUnits;
  created_at: number;
}

export interface SpotOrdersTable {
  id: number;
  user_id: string;
  client_order_id: string | null;
  symbol: string;
  side: string;
  type: string;
  time_in_force: string | null;
  price_ticks: number;
  quantity_lots: number;
  /** Minor units of the quote coin, for a market buy by amount; else 0. */
  quote_amount: MinorUnits;
  filled_lots: number;
  filled_quote: MinorUnits;
  /** What the order still holds frozen, in minor units of the coin it spends. */
  frozen: MinorUnits;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface SpotFillsTable {
  id: number;
  symbol: string;
  price_ticks: number;
  lots: number;
  taker_side: string;
  maker_order_id: number;
  maker_user_id: string;
  maker_fee: MinorUnits;
  taker_order_id: number;
  taker_user_id: string;
  taker_fee: MinorUnits;
  created_at: number;
}

export interface AssetRecordsTable {
  id: string;
  user_id: string;
  /** 'deposit', 'withdraw' or 'transfer'. */
  type: string;
  coin: string;
  amount: MinorUnits;
  fee: MinorUnits;
  address: string;
  /** 'pending', 'completed', 'rejected' or 'canceled'. */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface LedgerNoticesTable {
  id: string;
  user_id: string;
  created_at: number;
}

/** One kline of a market and interval; figures are decimal strings. */
export interface KlinesTable {
  symbol: string;
  interval: string;
  /** Epoch milliseconds. */
  open_time: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: string;
  /** Quote volume. */
  qv: string;
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

/** Client public keys registered with the gateway (request signing). */
export interface GatewayKeysTable {
  /** First 32 hex characters of SHA-256 over the SPKI DER. */
  key_id: string;
  public_key: string;
  algorithm: string;
  /** The user the key is bound to after a login, else null. */
  user_id: string | null;
  created_at: number;
  bound_at: number | null;
}

/** Content-Security-Policy and client security reports, each cut to a bounded size. */
export interface CspReportsTable {
  id: string;
  content_type: string;
  body: string;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

/** One row per user with a demo ledger (simulation mode). */
export interface DemoAccountsTable {
  user_id: string;
  created_at: number;
  reset_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verify_codes: VerifyCodesTable;
  login_history: LoginHistoryTable;
  gateway_keys: GatewayKeysTable;
  csp_reports: CspReportsTable;
  announcements: AnnouncementsTable;
  klines: KlinesTable;
  balances: BalancesTable;
  ledger_entries: LedgerEntriesTable;
  spot_orders: SpotOrdersTable;
  spot_fills: SpotFillsTable;
  asset_records: AssetRecordsTable;
  demo_accounts: DemoAccountsTable;
  ledger_notices: LedgerNoticesTable;
  user_factors: UserFactorsTable;
  login_tickets: LoginTicketsTable;
  futures_orders: FuturesDocumentTable;
  futures_fills: FuturesDocumentTable;
  futures_positions: FuturesDocumentTable;
  futures_plans: FuturesDocumentTable;
  futures_settings: FuturesDocumentTable;
  futures_funding: FuturesDocumentTable;
}

/**
 * The futures tables: an id, the columns queries filter on (not every table
 * has each) and the document itself as JSON.
 */
export interface FuturesDocumentTable {
  id: string | number;
  user_id: string;
  symbol: string;
  status: string;
  lots: number;
  created_at: number;
  updated_at: number;
  data: string;
}
