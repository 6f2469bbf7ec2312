/**
 * Switching: a main acts as one of its subs in the same browser without a
 * password. The switch opens a session of the sub and remembers which of
 * the main's sessions it came from; switching back needs that very session
 * of the main (kept by the browser beside the sub's) still alive, and ends
 * the sub's. A sub's session is the sub's user and nothing more: every other
 * route answers for the sub only.
 */
import type { SubAccountState } from '@quay/core/sub-accounts';
import { appError } from '../../kernel/app-error';
import { sha256 } from '../../kernel/ids';
import type { ClientInfo, IssuedSession, SessionService, SessionUser } from '../../kernel/sessions';
import type { SubAccountsStore as Store } from './sub-accounts-repositories';
import type { SubAccountService } from './sub-accounts-service';

export class SubAccountSwitch {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly subs: SubAccountService,
    private readonly now: () => number,
  ) {}

  /** A session of the main's sub `subPublicId`; refused for a sub, another user's sub, a frozen one. */
  async switchInto(
    main: SessionUser,
    subPublicId: string,
    client: ClientInfo,
  ): Promise<IssuedSession> {
    const owner = await this.subs.mainOf(main.userRowId);
    const sub = await this.subs.subOf(owner.id, subPublicId);
    const user = await this.store.repos.users.byId(sub.sub_user_id);
    if (sub.status !== 'active' || user?.status !== 'active') throw appError('SUB_ACCOUNT_FROZEN');
    return this.store.transaction(async (repos) => {
      const issued = await this.sessions.issue(repos, sub.sub_user_id, client);
      await repos.subAccounts.insertSwitch({
        token_hash: sha256(issued.token),
        sub_user_id: sub.sub_user_id,
        main_user_id: owner.id,
        main_token_hash: main.tokenHash,
        created_at: this.now(),
      });
      return issued;
    });
  }

  /**
   * From a switched session back to the main's: `mainToken` must be the
   * session the switch came from, still alive. The sub's session ends.
   */
  async switchBack(session: SessionUser, mainToken: string | null): Promise<IssuedSession> {
    const row = await this.store.repos.subAccounts.switchOf(session.tokenHash);
    if (!row || row.sub_user_id !== session.userRowId) throw appError('SUB_NOT_SWITCHED');
    if (mainToken === null || sha256(mainToken) !== row.main_token_hash) {
      throw appError('SUB_NOT_SWITCHED');
    }
    const main = await this.sessions.authenticate(mainToken);
    if (main.userRowId !== row.main_user_id) throw appError('SUB_NOT_SWITCHED');
    await this.sessions.revokeHash(session.tokenHash);
    await this.store.repos.subAccounts.deleteSwitch(session.tokenHash);
    return { token: mainToken, expiresAt: main.expiresAt };
  }

  /** The sub sessions switched into from any of these main sessions: they end with them. */
  switchedFrom(mainTokenHashes: readonly string[]): Promise<string[]> {
    return this.store.repos.subAccounts.switchesFrom(mainTokenHashes);
  }

  async state(session: SessionUser): Promise<SubAccountState> {
    const sub = await this.store.repos.subAccounts.bySubUserId(session.userRowId);
    if (!sub) return { isSub: false, switched: false, subName: null, mainUserId: null };
    const main = await this.store.repos.users.byId(sub.main_user_id);
    const switched = await this.store.repos.subAccounts.switchOf(session.tokenHash);
    return {
      isSub: true,
      switched: switched !== undefined,
      subName: sub.name,
      mainUserId: main?.user_id ?? null,
    };
  }
}
