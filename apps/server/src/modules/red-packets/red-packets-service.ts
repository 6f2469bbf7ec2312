/**
 * Red packets as users see them: create (the total frozen into escrow at
 * once; the second factor above a threshold), what a code shows, claims,
 * the sent and received histories, and the expiry that pays what is left
 * back to the creator, looked for on the app's clock.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from '@quay/core';
import type {
  RedPacketClaim,
  RedPacketCreate,
  RedPacketInfo,
  RedPacketReceived,
  RedPacketSent,
  RedPacketSplit,
  RedPacketStatus,
} from '@quay/core/swap-api';
import { appError } from '../../kernel/app-error';
import { COIN_NAMES } from '../../kernel/coins';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import { newId } from '../../kernel/ids';
import { fromMinor, toMinor } from '../../kernel/money';
import type { ClientInfo } from '../../kernel/sessions';
import { hashPassword, verifyPassword } from '../accounts';
import type { SpotHost } from '../spot';
import {
  RED_PACKET_CLAIM,
  RED_PACKET_CREATE,
  RED_PACKET_REFUND,
  registerRedPacketJobs,
} from './red-packets-jobs';
import type { RedPacketsStore } from './red-packets-repositories';
import type { RedPacketRow } from './red-packets-repository';
import { identicalShare } from './red-packet-split';
import type { RedPacketSettings } from './red-packet-settings';

/** Letters and digits that cannot be mistaken for one another. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export interface FactorCodes {
  googleCode?: string | undefined;
  emailCode?: string | undefined;
  mobileCode?: string | undefined;
}

export type ConfirmFactor = (
  userId: string,
  codes: FactorCodes,
  client: ClientInfo,
) => Promise<boolean>;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function infoOf(row: RedPacketRow, myShare: string | null = null): RedPacketInfo {
  return {
    code: row.code,
    coin: row.coin,
    count: row.count,
    split: row.split as RedPacketSplit,
    greeting: row.greeting,
    hasPassword: row.password_hash !== null,
    claimedCount: row.claimed_count,
    status: row.status as RedPacketStatus,
    expiresAt: row.expires_at,
    myShare,
  };
}

function sentOf(row: RedPacketRow): RedPacketSent {
  return {
    ...infoOf(row),
    amount: fromMinor(BigInt(row.amount)),
    remaining: fromMinor(BigInt(row.remaining)),
    refunded: fromMinor(BigInt(row.refunded)),
    createdAt: row.created_at,
  };
}

export class RedPacketsService {
  private timer: NodeJS.Timeout | null = null;
  private expiring: Promise<void> | null = null;

  constructor(
    private readonly store: RedPacketsStore,
    private readonly spotHost: SpotHost,
    readonly settings: RedPacketSettings,
    private readonly now: () => number,
    private readonly confirmFactor: ConfirmFactor,
  ) {
    registerRedPacketJobs(spotHost);
  }

  async create(
    userId: string,
    request: RedPacketCreate,
    client: ClientInfo,
  ): Promise<RedPacketSent> {
    if (!COIN_NAMES.includes(request.coin)) throw appError('COIN_UNKNOWN');
    const amount = toMinor(request.amount);
    if (amount === null || amount <= 0n) throw appError('RED_PACKET_AMOUNT_INVALID');
    const count = BigInt(request.count);
    if (request.count < 1 || request.count > this.settings.maxCount || count > amount) {
      throw appError('RED_PACKET_COUNT_INVALID');
    }
    if (request.split === 'identical' && identicalShare(amount, count) === null) {
      throw appError('RED_PACKET_SPLIT_UNEVEN');
    }
    const threshold = this.settings.secondFactorAbove[request.coin];
    const limit = threshold === undefined ? -1n : (toMinor(threshold) ?? -1n);
    if (amount > limit) {
      const { googleCode, emailCode, mobileCode } = request;
      if (!(await this.confirmFactor(userId, { googleCode, emailCode, mobileCode }, client))) {
        throw appError('RED_PACKET_NEEDS_SECOND_FACTOR');
      }
    }
    const now = this.now();
    const row: RedPacketRow = {
      id: newId(),
      code: newCode(),
      user_id: userId,
      coin: request.coin,
      amount: amount.toString(),
      count: request.count,
      split: request.split,
      password_hash: request.password ? await hashPassword(request.password) : null,
      greeting: request.greeting ?? '',
      remaining: amount.toString(),
      claimed_count: 0,
      refunded: '0',
      status: 'open',
      expires_at: now + this.settings.lifetime_ms,
      created_at: now,
    };
    await this.spotHost.run(RED_PACKET_CREATE, { packet: row });
    await this.spotHost.submit({ kind: 'notice', userIds: [userId] });
    return sentOf(row);
  }

  /** What the code shows; with the caller's own share when `userId` (a session) claimed from it. */
  async info(code: string, userId: string | null = null): Promise<RedPacketInfo> {
    const { redPackets } = this.store.repos;
    const row = await redPackets.byCode(code);
    if (!row) throw appError('RED_PACKET_NOT_FOUND');
    const mine = userId === null ? undefined : await redPackets.claimOf(row.id, userId);
    return infoOf(row, mine ? fromMinor(BigInt(mine.amount)) : null);
  }

  async claim(userId: string, request: RedPacketClaim): Promise<RedPacketReceived> {
    const row = await this.store.repos.redPackets.byCode(request.code);
    if (!row) throw appError('RED_PACKET_NOT_FOUND');
    if (row.password_hash !== null) {
      const given = request.password ?? '';
      if (given === '' || !(await verifyPassword(given, row.password_hash))) {
        throw appError('RED_PACKET_PASSWORD_WRONG');
      }
    }
    const random = BigInt(`0x${randomBytes(8).toString('hex')}`);
    const { claim, packet } = await this.spotHost.run(RED_PACKET_CLAIM, {
      code: request.code,
      userId,
      random,
    });
    await this.spotHost.submit({ kind: 'notice', userIds: [userId] });
    return {
      code: packet.code,
      coin: packet.coin,
      amount: fromMinor(BigInt(claim.amount)),
      greeting: packet.greeting,
      claimedAt: claim.created_at,
    };
  }

  async sent(userId: string, paging: Paging): Promise<Page<RedPacketSent>> {
    const { redPackets } = this.store.repos;
    const [total, rows] = await Promise.all([
      redPackets.countSent(userId),
      redPackets.sent(userId, paging.offset, paging.limit),
    ]);
    return pageAnswer(paging, total, rows.map(sentOf));
  }

  async received(userId: string, paging: Paging): Promise<Page<RedPacketReceived>> {
    const { redPackets } = this.store.repos;
    const [total, rows] = await Promise.all([
      redPackets.countReceived(userId),
      redPackets.received(userId, paging.offset, paging.limit),
    ]);
    return pageAnswer(
      paging,
      total,
      rows.map((r) => ({
        code: r.code,
        coin: r.coin,
        amount: fromMinor(BigInt(r.amount)),
        greeting: r.greeting,
        claimedAt: r.created_at,
      })),
    );
  }

  /** Refunds every open packet whose time has run out (the timer's, or a test's); answers how many. */
  async expireNow(): Promise<number> {
    const ids = await this.store.repos.redPackets.dueIds(this.now(), 500);
    const users = new Set<string>();
    for (const id of ids) {
      const row = await this.store.repos.redPackets.byId(id);
      if (!row) continue;
      await this.spotHost.run(RED_PACKET_REFUND, { packetId: id, creator: row.user_id });
      users.add(row.user_id);
    }
    if (users.size > 0) await this.spotHost.submit({ kind: 'notice', userIds: [...users] });
    return ids.length;
  }

  startTimer(onError: (err: unknown) => void): void {
    this.timer = setInterval(() => {
      if (this.expiring) return;
      this.expiring = this.expireNow()
        .then(() => undefined, onError)
        .finally(() => {
          this.expiring = null;
        });
    }, this.settings.expiryCheck_ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.expiring;
  }
}
