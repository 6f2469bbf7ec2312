/** Row types of the tables of migration 0030: agencies, login options, new-device login tickets. */

/** An account an operator made an agency: it sees the accounts its referral code brought in. */
export interface AgenciesTable {
  user_id: string;
  /** Share of its accounts' fees, basis points (0..10000). */
  commission_share_bps: number;
  granted_at: number;
  updated_at: number;
}

/** An account's login options: one row once its owner set one. */
export interface UserLoginOptionsTable {
  user_id: string;
  /** 1: password-free, the password no longer logs in (passkeys and QR login do). */
  no_pwd: number;
  /** 1: a login from a device the account has not used waits for a code. */
  system_login_check: number;
  updated_at: number;
}

/** A login from a new device, its password right, waiting for the code sent to the owner. */
export interface SystemLoginTicketsTable {
  /** SHA-256 of the ticket. */
  ticket_hash: string;
  user_id: string;
  /** The device the ticket was issued to: only it may confirm. */
  device_hash: string;
  /** 'email' or 'mobile': where the code went. */
  channel: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type LoginChecksTables = {
  agencies: AgenciesTable;
  user_login_options: UserLoginOptionsTable;
  system_login_tickets: SystemLoginTicketsTable;
};
