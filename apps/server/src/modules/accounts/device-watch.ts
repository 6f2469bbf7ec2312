/**
 * The devices each user logs in from: a login from a device the account has
 * not used before mails its owner (with where and what), so a stolen password
 * does not go unseen. A device is the browser's device id (the `terminalcode`
 * header, FingerprintJS's visitor id), or its user agent when it sent none.
 */
import { describeUserAgent } from '@quay/core';
import type { AccountsStore as Store } from './accounts-repositories';
import type { UserRow } from './users-repository';
import { sha256 } from '../../kernel/ids';
import type { Mailer } from '../../kernel/mailer';
import { serverMessage } from '../../kernel/messages';
import type { ClientInfo } from '../../kernel/sessions';

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** `YYYY-MM-DD HH:mm:ss`, UTC: how times read in the mails. */
export function mailTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

export function deviceHashOf(client: ClientInfo): string {
  const id = client.deviceId ?? null;
  if (id !== null && DEVICE_ID.test(id)) return sha256(`device:${id}`);
  return sha256(`agent:${client.userAgent ?? ''}`);
}

export class DeviceWatch {
  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly now: () => number,
  ) {}

  /** A registration's device: known from then on, without a mail. */
  async noteRegistration(userRowId: string, client: ClientInfo): Promise<void> {
    await this.store.repos.accountSecurity.noteDevice(userRowId, deviceHashOf(client), this.now());
  }

  /**
   * Records a successful login's device; mails the owner when the device is
   * new to an account that already has known devices (an account from
   * before devices were kept learns its first one quietly). A mail that
   * cannot go out does not undo the login.
   */
  async noteLogin(user: UserRow, client: ClientInfo): Promise<boolean> {
    const now = this.now();
    const repos = this.store.repos;
    const hadDevices = (await repos.accountSecurity.deviceCount(user.id)) > 0;
    const isNew = await repos.accountSecurity.noteDevice(user.id, deviceHashOf(client), now);
    if (!isNew || !hadDevices || user.email === null) return false;
    const locale = client.locale ?? 'en';
    const params = {
      device: describeUserAgent(client.userAgent) ?? '--',
      ip: client.ip ?? '--',
      time: mailTime(now),
    };
    try {
      await this.mailer.send({
        channel: 'email',
        to: user.email,
        locale,
        subject: serverMessage('MAIL_NEW_DEVICE_SUBJECT', locale),
        text: serverMessage('MAIL_NEW_DEVICE_BODY', locale, params),
      });
    } catch {
      // The login stands: the device is recorded and the history shows it.
    }
    return true;
  }
}
