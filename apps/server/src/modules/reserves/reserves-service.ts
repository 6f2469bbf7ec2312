/**
 * Proof of reserves: a snapshot reads, in one view of the store, what every
 * user is owed per coin (their spot, margin and futures balances, available
 * and frozen, their earn principal and what their open red packets still
 * hold) and what the exchange holds for them (the users' own accounts and
 * the escrows that keep users' coins; never the platform's own accounts such
 * as the swap pools, the earn interest fund, the margin pool and funds, the
 * insurance fund or fees), builds the Merkle tree (core's reserves-merkle.ts)
 * and keeps its root, totals, ratio and nodes.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  PAD_HASH,
  buildTree,
  leafHash,
  type ReservesCoin,
  type ReservesProof,
  type ReservesSnapshot,
} from '@quay/core/earn';
import { appError } from '../../kernel/app-error';
import { isDemoCoin } from '../../kernel/coins';
import { newId } from '../../kernel/ids';
import { isOutside } from '../../kernel/journal';
import { fromMinor, minorOf } from '../../kernel/money';
import { P2P_ESCROW } from '../p2p';
import { RED_PACKET_ESCROW } from '../red-packets';
import type { ReservesStore } from './reserves-repositories';
import type { ReservesSnapshotTable } from './reserves-repository';

export const sha256Hex = async (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex');

const plain = (minor: bigint) => fromMinor(minor).replace(/\.?0+$/, '') || '0';

/**
 * Ledger accounts named `@...` that keep users' coins for them: counted in
 * the holdings, and owed to users through the earn holdings, the open red
 * packets and (not yet per user) the P2P escrow. Every other `@` account is
 * the platform's own money and counts on neither side.
 */
export function isUserEscrow(account: string): boolean {
  return account.startsWith('@earn:') || account === RED_PACKET_ESCROW || account === P2P_ESCROW;
}

/** Whether a balance counts among the holdings that back users: users' own accounts and the escrows. */
export function backsUsers(account: string): boolean {
  return !account.startsWith('@') || isUserEscrow(account);
}

/** The user a ledger account belongs to: the account itself, or the last part of a margin account's id. */
function ownerOf(account: string): string {
  const parts = account.split(':');
  return parts[parts.length - 1] as string;
}

function ratioOf(reserves: bigint, liabilities: bigint): string {
  if (liabilities === 0n) return '';
  const scaled = (reserves * 10_000n) / liabilities;
  const whole = scaled / 10_000n;
  return `${whole}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}

function snapshotToWire(row: ReservesSnapshotTable): ReservesSnapshot {
  return {
    id: row.id,
    time: row.created_at,
    root: row.root,
    users: row.users,
    coins: JSON.parse(row.coins) as ReservesCoin[],
  };
}

export class ReservesService {
  constructor(
    private readonly store: ReservesStore,
    private readonly now: () => number,
  ) {}

  async snapshot(): Promise<ReservesSnapshot> {
    const read = await this.store.snapshot(async (repos) => ({
      balances: await repos.ledger.allBalances(),
      holdings: await repos.earn.activeHoldings(),
      packets: await repos.redPackets.openRemaining(),
      uids: await repos.reserves.uids(),
    }));
    const owed = new Map<string, Map<string, bigint>>();
    const held = new Map<string, bigint>();
    const add = (userId: string, coin: string, amount: bigint) => {
      const coins = owed.get(userId) ?? new Map<string, bigint>();
      coins.set(coin, (coins.get(coin) ?? 0n) + amount);
      owed.set(userId, coins);
    };
    for (const b of read.balances) {
      if (isOutside(b.user_id) || isDemoCoin(b.coin)) continue;
      if (!backsUsers(b.user_id)) continue;
      const amount = b.available + b.frozen;
      held.set(b.coin, (held.get(b.coin) ?? 0n) + amount);
      const owner = ownerOf(b.user_id);
      if (!b.user_id.startsWith('@') && read.uids.has(owner)) add(owner, b.coin, amount);
    }
    for (const h of read.holdings) add(h.user_id, h.coin, minorOf(h.principal));
    for (const p of read.packets) {
      if (!isDemoCoin(p.coin)) add(p.user_id, p.coin, BigInt(p.remaining));
    }
    // Every leaf lists every coin owed, in one order, zeros included (Bitget's form).
    const owedCoins = [...new Set([...owed.values()].flatMap((coins) => [...coins.keys()]))].sort();
    const leaves = [...owed]
      .filter(([, coins]) => [...coins.values()].some((v) => v > 0n))
      .map(([userId, coins]) => ({
        userId,
        uid: read.uids.get(userId) as string,
        nonce: randomBytes(8).toString('hex'),
        balances: Object.fromEntries(owedCoins.map((coin) => [coin, plain(coins.get(coin) ?? 0n)])),
      }))
      .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    const nodes = await Promise.all(
      leaves.map(async (leaf) => ({
        hash: await leafHash(sha256Hex, leaf.uid, leaf.nonce, leaf.balances),
        balances: leaf.balances,
      })),
    );
    const levels = await buildTree(sha256Hex, nodes);
    const root = levels[levels.length - 1]?.[0];
    const totals = new Map<string, bigint>();
    for (const coins of owed.values())
      for (const [c, v] of coins) totals.set(c, (totals.get(c) ?? 0n) + v);
    const coins: ReservesCoin[] = [...new Set([...totals.keys(), ...held.keys()])]
      .sort()
      .map((coin) => ({
        coin,
        liabilities: plain(totals.get(coin) ?? 0n),
        reserves: plain(held.get(coin) ?? 0n),
        ratio: ratioOf(held.get(coin) ?? 0n, totals.get(coin) ?? 0n),
      }));
    const row: ReservesSnapshotTable = {
      id: newId(),
      created_at: this.now(),
      root: root?.hash ?? '',
      users: leaves.length,
      coins: JSON.stringify(coins),
    };
    await this.store.repos.reserves.insertSnapshot(
      row,
      levels.flatMap((level, depth) =>
        level.map((node, position) => {
          const leaf = depth === 0 ? leaves[position] : undefined;
          return {
            snapshot_id: row.id,
            level: depth,
            position,
            hash: node.hash,
            balances: JSON.stringify(node.balances),
            user_id: leaf?.userId ?? null,
            uid: leaf?.uid ?? null,
            nonce: leaf?.nonce ?? null,
          };
        }),
      ),
    );
    return snapshotToWire(row);
  }

  async latest(): Promise<ReservesSnapshot | null> {
    const { rows } = await this.store.repos.reserves.snapshots(0, 1);
    return rows[0] ? snapshotToWire(rows[0]) : null;
  }

  async history(paging: { offset: number; limit: number }) {
    const { total, rows } = await this.store.repos.reserves.snapshots(paging.offset, paging.limit);
    return { total, items: rows.map(snapshotToWire) };
  }

  /** The caller's own leaf and path: never another user's (the leaf is found by the session's user). */
  async proof(userId: string, snapshotId: string | null): Promise<ReservesProof> {
    const { reserves } = this.store.repos;
    const snapshot = snapshotId
      ? await reserves.snapshot(snapshotId)
      : (await reserves.snapshots(0, 1)).rows[0];
    if (!snapshot) throw appError('RESERVES_NO_SNAPSHOT');
    const leaf = await reserves.leafOf(snapshot.id, userId);
    if (!leaf) throw appError('RESERVES_NOT_INCLUDED');
    const levels = await reserves.levelCount(snapshot.id);
    const wanted: Array<{ level: number; position: number }> = [];
    let position = leaf.position;
    for (let level = 0; level < levels - 1; level += 1) {
      wanted.push({ level, position: position % 2 === 0 ? position + 1 : position - 1 });
      position = Math.floor(position / 2);
    }
    const siblings = await reserves.nodesAt(snapshot.id, wanted);
    position = leaf.position;
    const path = wanted.map((at) => {
      const sibling = siblings.find((s) => s.level === at.level && s.position === at.position);
      const side = position % 2 === 0 ? ('right' as const) : ('left' as const);
      position = Math.floor(position / 2);
      return {
        hash: sibling?.hash ?? PAD_HASH,
        balances: sibling ? (JSON.parse(sibling.balances) as Record<string, string>) : {},
        side,
        // The level of the parent this sibling makes, counted from the root (1).
        level: levels - at.level - 1,
      };
    });
    return {
      snapshotId: snapshot.id,
      time: snapshot.created_at,
      root: snapshot.root,
      uid: leaf.uid ?? '',
      nonce: leaf.nonce ?? '',
      balances: JSON.parse(leaf.balances) as Record<string, string>,
      leaf: leaf.hash,
      path,
    };
  }
}
