/**
 * A main account's sub-accounts: creating them (a user with a virtual
 * email and no password anyone knows, so nobody logs in as it), listing
 * them with their assets, freezing and unfreezing, and transfers between
 * the main and its subs. Only a main acts here; a sub is refused.
 */
import { type Balance, type Valuation } from '@quay/core';
import {
  SUB_ACCOUNT_MAX,
  SUB_ACCOUNT_NAME_PATTERN,
  subAccountEmail,
  type SubAccountList,
  type SubAccountSummary,
  type SubAccountTransfer,
  type SubAccountTransferRequest,
} from '@quay/core/sub-accounts';
import { appError } from '../../kernel/app-error';
import { coinDefinition, isDemoCoin } from '../../kernel/coins';
import { newId, newPublicUserId, newReferralCode } from '../../kernel/ids';
import { fromMinor, toMinor } from '../../kernel/money';
import type { SessionService } from '../../kernel/sessions';
import type { SpotHost } from '../spot';
import { SUB_TRANSFER, subTransferJob } from './sub-account-jobs';
import type { SubAccountsStore as Store } from './sub-accounts-repositories';
import type { SubAccountRow } from './sub-accounts-repository';

const NAME = new RegExp(SUB_ACCOUNT_NAME_PATTERN);
const TRANSFERS_LISTED = 50;
/**
 * Not an scrypt hash, so no password matches it: nobody logs in as a sub.
 * Not the system accounts' marker either, so a sub holds a fee tier of its own.
 */
export const SUB_PASSWORD_HASH = 'sub-account:no-login';

/** What the service reads of the assets module and writes through the spot host. */
export interface SubAccountLedger {
  balances(userId: string): Promise<Balance[]>;
  valuation(userId: string, unit: string): Promise<Valuation>;
}

export class SubAccountService {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly ledger: SubAccountLedger,
    private readonly spotHost: SpotHost,
    private readonly now: () => number,
  ) {
    spotHost.jobs.register(SUB_TRANSFER, subTransferJob);
  }

  /** The caller as a main account: refused for a sub, a frozen or a gone account. */
  async mainOf(userRowId: string): Promise<{ id: string; publicId: string }> {
    const user = await this.store.repos.users.byId(userRowId);
    if (!user) throw appError('LOGIN_REQUIRED');
    if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    if (await this.store.repos.subAccounts.bySubUserId(userRowId)) {
      throw appError('SUB_ACCOUNT_NOT_ALLOWED');
    }
    return { id: user.id, publicId: user.user_id };
  }

  /** The main's sub named by its public id; another user's sub is not found. */
  async subOf(mainRowId: string, subPublicId: string): Promise<SubAccountRow> {
    const sub = await this.store.repos.subAccounts.ofMainByPublicId(mainRowId, subPublicId);
    if (!sub) throw appError('SUB_ACCOUNT_NOT_FOUND');
    return sub;
  }

  async create(userRowId: string, name: string): Promise<SubAccountSummary> {
    const main = await this.mainOf(userRowId);
    if (!NAME.test(name)) throw appError('FIELD_FORMAT', { field: 'name' });
    const now = this.now();
    const users = this.store.repos.users;
    const email = subAccountEmail(name, main.publicId);
    const row: SubAccountRow = {
      sub_user_id: newId(),
      sub_public_id: await this.unused(newPublicUserId, (id) => users.userIdTaken(id)),
      main_user_id: main.id,
      name,
      email,
      status: 'active',
      created_at: now,
      updated_at: now,
    };
    const referralCode = await this.unused(newReferralCode, (code) => users.byReferralCode(code));
    await this.store.transaction(async (repos) => {
      if ((await repos.subAccounts.countOfMain(main.id)) >= SUB_ACCOUNT_MAX) {
        throw appError('SUB_ACCOUNT_LIMIT', { max: SUB_ACCOUNT_MAX });
      }
      if (await repos.users.byEmail(email)) throw appError('SUB_ACCOUNT_NAME_TAKEN');
      await repos.users.insert({
        id: row.sub_user_id,
        user_id: row.sub_public_id,
        email,
        mobile: null,
        area_code: null,
        // Not an scrypt hash: no password logs in as a sub; only its main switches into it.
        password_hash: SUB_PASSWORD_HASH,
        referral_code: referralCode,
        referrer_user_id: null,
        register_vip_no: null,
        register_channel: 'sub-account',
        clac_code: null,
        common_code: null,
        group_id: null,
        act_code: null,
        status: 'active',
        failed_logins: 0,
        locked_until: null,
        created_at: now,
      });
      await repos.subAccounts.insert(row);
    });
    return this.summaryOf(row);
  }

  async list(userRowId: string): Promise<SubAccountList> {
    const main = await this.mainOf(userRowId);
    const rows = await this.store.repos.subAccounts.ofMain(main.id);
    const subs: SubAccountSummary[] = [];
    for (const row of rows) subs.push(await this.summaryOf(row));
    return { mainUserId: main.publicId, max: SUB_ACCOUNT_MAX, subs };
  }

  /**
   * Freezes a sub: its sessions (a switch into it too) end at once, its API
   * keys are refused (their account is not active), nobody switches in.
   */
  async freeze(userRowId: string, subPublicId: string): Promise<SubAccountSummary> {
    const main = await this.mainOf(userRowId);
    const sub = await this.subOf(main.id, subPublicId);
    const now = this.now();
    const ended = await this.store.transaction(async (repos) => {
      await repos.subAccounts.setStatus(sub.sub_user_id, 'frozen', now);
      await repos.users.update(sub.sub_user_id, { status: 'frozen' });
      return this.sessions.revokeAllIn(repos, sub.sub_user_id, null);
    });
    await this.sessions.ended(ended);
    return this.summaryOf({ ...sub, status: 'frozen', updated_at: now });
  }

  async unfreeze(userRowId: string, subPublicId: string): Promise<SubAccountSummary> {
    const main = await this.mainOf(userRowId);
    const sub = await this.subOf(main.id, subPublicId);
    const now = this.now();
    await this.store.transaction(async (repos) => {
      await repos.subAccounts.setStatus(sub.sub_user_id, 'active', now);
      await repos.users.update(sub.sub_user_id, { status: 'active' });
    });
    return this.summaryOf({ ...sub, status: 'active', updated_at: now });
  }

  /** Spot coins from the main to a sub, a sub to the main, or one sub to another. */
  async transfer(
    userRowId: string,
    request: SubAccountTransferRequest,
  ): Promise<SubAccountTransfer> {
    const main = await this.mainOf(userRowId);
    const definition = coinDefinition(request.coin);
    if (!definition || isDemoCoin(request.coin)) throw appError('COIN_UNKNOWN');
    const amount = toMinor(request.amount);
    if (amount === null || amount <= 0n) throw appError('AMOUNT_INVALID');
    if (request.fromUserId === request.toUserId) throw appError('SUB_TRANSFER_SAME_ACCOUNT');
    const end = async (publicId: string) =>
      publicId === main.publicId ? main.id : (await this.subOf(main.id, publicId)).sub_user_id;
    const fromUserId = await end(request.fromUserId);
    const toUserId = await end(request.toUserId);
    const id = newId();
    const createdAt = this.now();
    await this.spotHost.run(SUB_TRANSFER, {
      id,
      mainUserId: main.id,
      fromUserId,
      toUserId,
      coin: request.coin,
      amount,
    });
    return {
      id,
      fromUserId: request.fromUserId,
      toUserId: request.toUserId,
      coin: request.coin,
      amount: fromMinor(amount),
      createdAt,
    };
  }

  /** The main's transfers among its accounts, newest first. */
  async transfers(userRowId: string): Promise<SubAccountTransfer[]> {
    const main = await this.mainOf(userRowId);
    const subs = await this.store.repos.subAccounts.ofMain(main.id);
    const publicOf = new Map(subs.map((s) => [s.sub_user_id, s.sub_public_id]));
    publicOf.set(main.id, main.publicId);
    const rows = await this.store.repos.subAccounts.transfersOf(main.id, TRANSFERS_LISTED);
    return rows.map((row) => ({
      id: row.id,
      fromUserId: publicOf.get(row.from_user_id) ?? '',
      toUserId: publicOf.get(row.to_user_id) ?? '',
      coin: row.coin,
      amount: fromMinor(BigInt(row.amount)),
      createdAt: row.created_at,
    }));
  }

  private async summaryOf(row: SubAccountRow): Promise<SubAccountSummary> {
    const balances = await this.ledger.balances(row.sub_user_id);
    const valuation = await this.ledger.valuation(row.sub_user_id, 'USD');
    const usdtOf = new Map(valuation.coins.map((c) => [c.coin, c.usdt]));
    return {
      userId: row.sub_public_id,
      name: row.name,
      email: row.email,
      status: row.status === 'frozen' ? 'frozen' : 'active',
      createdAt: row.created_at,
      totalUsdt: valuation.totalUsdt,
      assets: balances
        .filter((b) => (toMinor(b.total) ?? 0n) > 0n)
        .map((b) => ({
          coin: b.coin,
          available: b.available,
          frozen: b.frozen,
          usdt: usdtOf.get(b.coin) ?? '0',
        })),
    };
  }

  /** A value `make` gives that `taken` does not know yet. */
  private async unused(make: () => string, taken: (value: string) => Promise<unknown>) {
    let value = make();
    while (await taken(value)) value = make();
    return value;
  }
}
