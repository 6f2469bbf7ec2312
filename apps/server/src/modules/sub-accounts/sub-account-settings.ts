/**
 * A main's view and care of one sub's security (/subaccount/setting): its
 * anti-phishing code, its live sessions (switched ones among them) and
 * their revocation, its login history, and its API keys, which the main
 * makes with its own second factor and which act on the sub's balances only.
 */
import {
  ANTI_PHISHING_PATTERN,
  type ApiKeySummary,
  type CreatedApiKey,
  type LoginRecord,
  type Page,
} from '@quay/core';
import { type SubAccountApiKeyCreate, type SubAccountSettings } from '@quay/core/sub-accounts';
import { appError } from '../../kernel/app-error';
import type { LoginHistoryFilter } from '../../kernel/db/login-history-repository';
import { sessionPublicId, type ClientInfo, type SessionService } from '../../kernel/sessions';
import type { ApiKeyService } from '../api-keys';
import type { SubAccountsStore as Store } from './sub-accounts-repositories';
import type { SubAccountRow } from './sub-accounts-repository';
import type { SubAccountService } from './sub-accounts-service';

const HISTORY_PAGE = 50;
const ANTI_PHISHING = new RegExp(ANTI_PHISHING_PATTERN);

export interface LoginHistoryReader {
  loginHistory(
    userRowId: string,
    filter: LoginHistoryFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<LoginRecord>>;
}

export class SubAccountSettingsService {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly subs: SubAccountService,
    private readonly accounts: LoginHistoryReader,
    private readonly apiKeys: ApiKeyService,
    private readonly now: () => number,
  ) {}

  private async sub(userRowId: string, subPublicId: string): Promise<SubAccountRow> {
    const main = await this.subs.mainOf(userRowId);
    return this.subs.subOf(main.id, subPublicId);
  }

  async settings(userRowId: string, subPublicId: string): Promise<SubAccountSettings> {
    const sub = await this.sub(userRowId, subPublicId);
    const security = await this.store.repos.accountSecurity.settingsOf(sub.sub_user_id);
    const live = await this.sessions.activeOf(sub.sub_user_id);
    return {
      userId: sub.sub_public_id,
      name: sub.name,
      antiPhishingCode: security?.anti_phishing_code ?? null,
      sessions: live.map((row) => ({
        id: sessionPublicId(row.token_hash),
        ip: row.ip,
        userAgent: row.user_agent,
        firstSeenAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        expiresAt: row.expires_at,
      })),
    };
  }

  async setAntiPhishingCode(
    userRowId: string,
    subPublicId: string,
    code: string,
  ): Promise<SubAccountSettings> {
    if (!ANTI_PHISHING.test(code)) throw appError('FIELD_FORMAT', { field: 'code' });
    const sub = await this.sub(userRowId, subPublicId);
    await this.store.repos.accountSecurity.save(sub.sub_user_id, {
      anti_phishing_code: code,
      updated_at: this.now(),
    });
    return this.settings(userRowId, subPublicId);
  }

  async revokeSession(userRowId: string, subPublicId: string, id: string): Promise<void> {
    const sub = await this.sub(userRowId, subPublicId);
    const live = await this.sessions.activeOf(sub.sub_user_id);
    const row = live.find((r) => sessionPublicId(r.token_hash) === id);
    if (!row) throw appError('ACCOUNT_SESSION_NOT_FOUND');
    await this.sessions.revokeHash(row.token_hash);
  }

  async loginHistory(userRowId: string, subPublicId: string): Promise<Page<LoginRecord>> {
    const sub = await this.sub(userRowId, subPublicId);
    return this.accounts.loginHistory(
      sub.sub_user_id,
      { begin: null, end: null, success: null },
      1,
      HISTORY_PAGE,
    );
  }

  async apiKeysOf(userRowId: string, subPublicId: string): Promise<ApiKeySummary[]> {
    const sub = await this.sub(userRowId, subPublicId);
    return this.apiKeys.list(sub.sub_user_id);
  }

  /** A key of the sub, confirmed by the main's second factor. */
  async createApiKey(
    userRowId: string,
    body: SubAccountApiKeyCreate,
    client: ClientInfo,
  ): Promise<CreatedApiKey> {
    const sub = await this.sub(userRowId, body.subUserId);
    const { subUserId: _sub, ...key } = body;
    return this.apiKeys.createFor(userRowId, sub.sub_user_id, key, client);
  }

  async deleteApiKey(userRowId: string, subPublicId: string, apiKey: string): Promise<void> {
    const sub = await this.sub(userRowId, subPublicId);
    await this.apiKeys.remove(sub.sub_user_id, apiKey);
  }
}
