/**
 * Row types of the kernel's tables; timestamps are epoch milliseconds. Each
 * module declares its own tables beside its repositories and reaches them
 * through `Kysely.withTables` over these (see repositories.ts).
 */
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  /** When the session was last used (at most a minute stale); null until its first use after login. */
  last_seen_at: number | null;
}

export interface LoginHistoryTable {
  id: string;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  success: number;
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

/**
 * The journal's index by account, kept as a table and brought up to date in
 * bulk (`LedgerRepository.indexPending`): the key of every entry that is not
 * a move within one balance, in account order.
 */
export interface LedgerAccountIndexTable {
  user_id: string;
  coin: string;
  created_at: number;
  ref: string;
  leg: number;
}

/** The same keys for the entries written since the index was last brought up to date. */
export type LedgerUnindexedTable = LedgerAccountIndexTable;

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

/** The tables of the kernel: sessions, login history, the ledger and the gateway's. */
export interface KernelTables {
  sessions: SessionsTable;
  login_history: LoginHistoryTable;
  gateway_keys: GatewayKeysTable;
  csp_reports: CspReportsTable;
  balances: BalancesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_account_index: LedgerAccountIndexTable;
  ledger_unindexed: LedgerUnindexedTable;
  asset_records: AssetRecordsTable;
  ledger_notices: LedgerNoticesTable;
  writer_leases: WriterLeasesTable;
  executed_commands: ExecutedCommandsTable;
  writer_events: WriterEventsTable;
  replay_marks: ReplayMarksTable;
}

/** A signature or trace id seen, remembered until its window has passed (several gateways). */
export interface ReplayMarksTable {
  id: string;
  forget_at: number;
}

/** A single writer's lease: the holder's epoch, and the sequence of its commits. */
export interface WriterLeasesTable {
  name: string;
  epoch: number;
  seq: number;
  taken_at: number;
}

/** A command sent with an idempotency key, and its answer (JSON), committed with its effects. */
export interface ExecutedCommandsTable {
  id: string;
  answer: string;
  created_at: number;
}

/** What a writer's commit changed (JSON), committed with it, published after it. */
export interface WriterEventsTable {
  name: string;
  seq: number;
  payload: string;
}
