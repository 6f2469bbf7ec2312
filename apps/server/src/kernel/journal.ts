/**
 * Double entry: every balance change is posted as legs that sum to zero per
 * coin within one reference. The journal rows and the balance deltas come
 * from the same legs, so the balances table is always the sum of the
 * journal. '@external' is the world outside the exchange (deposits come
 * from it, withdrawals go to it) and has no balance row; '@fees' is the
 * exchange's fee account.
 */
import { isMoveKind, type BalanceDelta, type NewLedgerEntry } from './db/ledger-repository';
import type { KernelRepositories as Repositories } from './db/repositories';

export const EXTERNAL_ACCOUNT = '@external';
export const FEE_ACCOUNT = '@fees';
/**
 * The source of demo coins (simulation mode): grants come from it and a
 * reset gives the demo balances back to it. Like '@external' it has no
 * balance row, so the demo coins too sum to what came in minus what went out.
 */
export const DEMO_SOURCE = '@demo';

/**
 * The counterpart of open futures positions (engine-host/futures-state.ts):
 * realised PnL is paid from it and losses go into it. It may stand below
 * zero while a winner has been paid before the loser closes, so like the
 * sources outside it is journaled and has no balance row.
 */
export const CLEARING_ACCOUNT = '@clearing';

/** Accounts without a balance row: journaled only. */
export function isOutside(userId: string): boolean {
  return userId === EXTERNAL_ACCOUNT || userId === DEMO_SOURCE || userId === CLEARING_ACCOUNT;
}

export type Bucket = 'available' | 'frozen';

export interface Leg {
  userId: string;
  coin: string;
  bucket: Bucket;
  amount: bigint;
}

export class Journal {
  readonly entries: NewLedgerEntry[] = [];
  private readonly deltas = new Map<string, BalanceDelta>();

  constructor(private readonly now: number) {}

  /** Posts the legs of one reference; throws (a bug, not a user error) unless they balance per coin. */
  post(ref: string, kind: string, legs: readonly Leg[]): void {
    const sums = new Map<string, bigint>();
    for (const leg of legs) sums.set(leg.coin, (sums.get(leg.coin) ?? 0n) + leg.amount);
    for (const [coin, sum] of sums) {
      if (sum !== 0n) throw new Error(`journal ${ref} does not balance in ${coin}: ${sum}`);
    }
    // The journal's index by account leaves these kinds out (isMoveKind).
    if (
      isMoveKind(kind) &&
      legs.some((l) => l.userId !== legs[0]?.userId || l.coin !== legs[0]?.coin)
    ) {
      throw new Error(`journal ${ref}: a ${kind} moves within one account and coin`);
    }
    legs.forEach((leg, index) => {
      if (leg.amount === 0n) return;
      this.entries.push({
        ref,
        leg: index,
        kind,
        user_id: leg.userId,
        coin: leg.coin,
        bucket: leg.bucket,
        amount: leg.amount,
        created_at: this.now,
      });
      if (isOutside(leg.userId)) return;
      const key = `${leg.userId}\u0000${leg.coin}`;
      let delta = this.deltas.get(key);
      if (!delta) {
        delta = { userId: leg.userId, coin: leg.coin, available: 0n, frozen: 0n };
        this.deltas.set(key, delta);
      }
      if (leg.bucket === 'available') delta.available += leg.amount;
      else delta.frozen += leg.amount;
    });
  }

  balanceDeltas(): BalanceDelta[] {
    return [...this.deltas.values()].filter((d) => d.available !== 0n || d.frozen !== 0n);
  }

  /** Users whose balances this journal changes. */
  users(): Set<string> {
    const users = new Set<string>();
    for (const d of this.deltas.values()) users.add(d.userId);
    return users;
  }

  /** Writes the entries and applies the deltas, inside the caller's transaction. */
  async flush(repos: Repositories): Promise<void> {
    await repos.ledger.insertEntries(this.entries);
    await repos.ledger.applyDeltas(this.balanceDeltas(), this.now);
  }
}

/** One move within one user's balance of one coin (freeze, release). */
export function move(
  userId: string,
  coin: string,
  from: Bucket,
  to: Bucket,
  amount: bigint,
): Leg[] {
  return [
    { userId, coin, bucket: from, amount: -amount },
    { userId, coin, bucket: to, amount },
  ];
}
