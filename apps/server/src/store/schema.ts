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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verify_codes: VerifyCodesTable;
  login_history: LoginHistoryTable;
  announcements: AnnouncementsTable;
}
