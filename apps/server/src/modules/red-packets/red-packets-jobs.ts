/**
 * Red packets' money moves as ledger jobs of the spot host, the one writer
 * of the balances they touch: creating freezes the total into the escrow
 * account at once; a claim pays one share from escrow; expiry pays what is
 * left back to the creator. A packet is read in the batch's transaction and
 * kept per batch, so concurrent claims in one batch see each other; every
 * check comes before anything is posted, and a refusal changes nothing.
 */
import { appError } from '../../kernel/app-error';
import { namedJob, type LedgerJob, type LedgerJobContext, type SpotHost } from '../spot';
import { identicalShare, randomShare } from './red-packet-split';
import { RED_PACKET_ESCROW } from './red-packet-settings';
import { redPacketsReposOf } from './red-packets-repositories';
import type { RedPacketClaimRow, RedPacketRow } from './red-packets-repository';

interface BatchPackets {
  packets: Map<string, RedPacketRow | null>;
  /** `${packetId}:${userId}` of every claim known in the batch. */
  claims: Set<string>;
}

const batches = new WeakMap<object, BatchPackets>();

function batchOf(scope: object): BatchPackets {
  let batch = batches.get(scope);
  if (!batch) {
    batch = { packets: new Map(), claims: new Set() };
    batches.set(scope, batch);
  }
  return batch;
}

function saved(ctx: LedgerJobContext, packet: RedPacketRow): void {
  const snapshot = { ...packet };
  ctx.write((repos) => redPacketsReposOf(repos).redPackets.update(snapshot));
}

/** Freezes the total into escrow and writes the packet, in one batch. */
export const RED_PACKET_CREATE = namedJob<{ packet: RedPacketRow }>('red-packets.create');
/** One share for the user (`random` picks a random share); answers the claim and the packet. */
export const RED_PACKET_CLAIM = namedJob<
  { code: string; userId: string; random: bigint },
  { claim: RedPacketClaimRow; packet: RedPacketRow }
>('red-packets.claim');
/** Pays what an expired packet still holds back to its creator. */
export const RED_PACKET_REFUND = namedJob<{ packetId: string; creator: string }>(
  'red-packets.refund',
);

export function registerRedPacketJobs(host: SpotHost): void {
  host.jobs.register(RED_PACKET_CREATE, ({ packet }) => createJob(packet));
  host.jobs.register(RED_PACKET_CLAIM, ({ code, userId, random }) =>
    claimJob(code, userId, random),
  );
  host.jobs.register(RED_PACKET_REFUND, ({ packetId, creator }) => refundJob(packetId, creator));
}

function createJob(packet: RedPacketRow): LedgerJob<void> {
  return {
    accounts: [packet.user_id, RED_PACKET_ESCROW],
    run: (ctx) => {
      const amount = BigInt(packet.amount);
      if (ctx.available(packet.user_id, packet.coin) < amount) {
        throw appError('INSUFFICIENT_BALANCE', { coin: packet.coin });
      }
      ctx.post(`red-packet:${packet.id}:create`, 'red_packet_create', [
        { userId: packet.user_id, coin: packet.coin, bucket: 'available', amount: -amount },
        { userId: RED_PACKET_ESCROW, coin: packet.coin, bucket: 'available', amount },
      ]);
      const row = { ...packet, created_at: ctx.now, expires_at: packet.expires_at };
      ctx.write((repos) => redPacketsReposOf(repos).redPackets.insert(row));
    },
  };
}

function claimJob(
  code: string,
  userId: string,
  random: bigint,
): LedgerJob<{ claim: RedPacketClaimRow; packet: RedPacketRow }> {
  let packetId = '';
  return {
    accounts: [userId, RED_PACKET_ESCROW],
    load: async (repos, scope) => {
      const batch = batchOf(scope);
      const { redPackets } = redPacketsReposOf(repos);
      let packet = [...batch.packets.values()].find((p) => p?.code === code);
      if (!packet) {
        packet = (await redPackets.byCode(code)) ?? null;
        if (packet) batch.packets.set(packet.id, packet);
      }
      if (!packet) return;
      packetId = packet.id;
      if (await redPackets.claimOf(packet.id, userId)) batch.claims.add(`${packet.id}:${userId}`);
    },
    run: (ctx) => {
      const batch = batchOf(ctx.scope);
      const packet = batch.packets.get(packetId);
      if (!packet) throw appError('RED_PACKET_NOT_FOUND');
      if (packet.user_id === userId) throw appError('RED_PACKET_OWN');
      if (batch.claims.has(`${packet.id}:${userId}`)) throw appError('RED_PACKET_CLAIMED');
      if (packet.status === 'expired' || ctx.now >= packet.expires_at) {
        throw appError('RED_PACKET_EXPIRED');
      }
      const left = BigInt(packet.count - packet.claimed_count);
      const remaining = BigInt(packet.remaining);
      if (left <= 0n || remaining <= 0n) throw appError('RED_PACKET_EMPTY');
      const share =
        packet.split === 'identical'
          ? (identicalShare(BigInt(packet.amount), BigInt(packet.count)) as bigint)
          : randomShare(remaining, left, random);
      ctx.post(`red-packet:${packet.id}:claim:${userId}`, 'red_packet_claim', [
        { userId: RED_PACKET_ESCROW, coin: packet.coin, bucket: 'available', amount: -share },
        { userId, coin: packet.coin, bucket: 'available', amount: share },
      ]);
      packet.remaining = (remaining - share).toString();
      packet.claimed_count += 1;
      if (packet.claimed_count === packet.count) packet.status = 'finished';
      batch.claims.add(`${packet.id}:${userId}`);
      const claim: RedPacketClaimRow = {
        packet_id: packet.id,
        user_id: userId,
        amount: share.toString(),
        created_at: ctx.now,
      };
      ctx.write((repos) => redPacketsReposOf(repos).redPackets.insertClaim(claim));
      saved(ctx, packet);
      return { claim, packet: { ...packet } };
    },
  };
}

function refundJob(packetId: string, creator: string): LedgerJob<void> {
  return {
    accounts: [creator, RED_PACKET_ESCROW],
    load: async (repos, scope) => {
      const batch = batchOf(scope);
      if (!batch.packets.has(packetId)) {
        batch.packets.set(
          packetId,
          (await redPacketsReposOf(repos).redPackets.byId(packetId)) ?? null,
        );
      }
    },
    run: (ctx) => {
      const packet = batchOf(ctx.scope).packets.get(packetId);
      if (!packet || packet.status !== 'open' || ctx.now < packet.expires_at) return;
      const remaining = BigInt(packet.remaining);
      if (remaining > 0n) {
        ctx.post(`red-packet:${packet.id}:refund`, 'red_packet_refund', [
          { userId: RED_PACKET_ESCROW, coin: packet.coin, bucket: 'available', amount: -remaining },
          { userId: packet.user_id, coin: packet.coin, bucket: 'available', amount: remaining },
        ]);
      }
      packet.refunded = remaining.toString();
      packet.remaining = '0';
      packet.status = 'expired';
      saved(ctx, packet);
    },
  };
}
