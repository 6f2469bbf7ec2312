/**
 * Agencies: partners who bring users in with their referral code and earn a
 * share of the fees those users pay, as an exchange's partner portal runs
 * them. An operator grants the role with a commission share
 * (`npm run quay -- agency grant <email> <share bps>`); the agency logs in
 * through its own paths (/v1/user/agency/login, /v1/user/agency/verify-login),
 * which refuse any other account once its password (or ticket) was right,
 * and reads its dashboard: the accounts its code brought in, masked, with
 * their 30-day spot and futures volumes, and its share. Read only.
 */
import { AGENCY_INVITEES_LISTED, AGENCY_SHARE_MAX_BPS, type AgencyOverview } from '@quay/core';
import type { AccountsStore as Store } from './accounts-repositories';
import type { UserRow } from './users-repository';
import { appError } from '../../kernel/app-error';
import { fromMinor } from '../../kernel/money';
import { activeUserOf, maskUserId } from './login-guard';

/** An account's 30-day volumes in USDT minor units (the fees module computes them). */
export type VolumeOf = (
  userRowId: string,
  now: number,
) => Promise<{ spotVolume: bigint; futuresVolume: bigint }>;

export class AgencyService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly volumeOf: VolumeOf,
  ) {}

  /** Refuses an account that is no agency. */
  async assertAgency(user: Pick<UserRow, 'id'>): Promise<void> {
    if (!(await this.store.repos.loginChecks.agency(user.id))) throw appError('AGENCY_NOT_GRANTED');
  }

  async overview(userRowId: string): Promise<AgencyOverview> {
    const user = await activeUserOf(this.store, userRowId);
    const repos = this.store.repos;
    const agency = await repos.loginChecks.agency(user.id);
    if (!agency) throw appError('AGENCY_NOT_GRANTED');
    const now = this.now();
    const [count, invitees] = await Promise.all([
      repos.users.inviteeCount(user.id),
      repos.users.invitees(user.id, AGENCY_INVITEES_LISTED),
    ]);
    let spot = 0n;
    let futures = 0n;
    const listed = [];
    for (const invitee of invitees) {
      const volume = await this.volumeOf(invitee.id, now);
      spot += volume.spotVolume;
      futures += volume.futuresVolume;
      listed.push({
        userId: maskUserId(invitee.user_id),
        registerTime: invitee.created_at,
        channel: invitee.register_channel,
        spotVolume: fromMinor(volume.spotVolume),
        futuresVolume: fromMinor(volume.futuresVolume),
      });
    }
    return {
      userId: user.user_id,
      referralCode: user.referral_code,
      commissionShareBps: Number(agency.commission_share_bps),
      since: Number(agency.granted_at),
      inviteeCount: count,
      spotVolume: fromMinor(spot),
      futuresVolume: fromMinor(futures),
      invitees: listed,
    };
  }
}

/** The operator's grant (or change of share); answers the account's public id. */
export async function grantAgency(
  store: Store,
  email: string,
  shareBps: number,
  now: number,
): Promise<string> {
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > AGENCY_SHARE_MAX_BPS) {
    throw new RangeError(`the share is 0 to ${AGENCY_SHARE_MAX_BPS} basis points`);
  }
  const user = await store.repos.users.byEmail(email.trim().toLowerCase());
  if (!user) throw new RangeError(`no account with the email ${email}`);
  await store.repos.loginChecks.saveAgency(user.id, shareBps, now);
  return user.user_id;
}

/** The operator takes the role back; false when the account had none. */
export async function revokeAgency(store: Store, email: string): Promise<boolean> {
  const user = await store.repos.users.byEmail(email.trim().toLowerCase());
  if (!user) throw new RangeError(`no account with the email ${email}`);
  return store.repos.loginChecks.deleteAgency(user.id);
}
