/**
 * What a gateway remembers of signed requests so that a second use within
 * the window is a replay: signatures of API-key requests and trace ids of
 * signed client calls. One process keeps them in memory; several gateways
 * (ROLE=gateway) keep them in the store they share, so a request replayed
 * against another gateway is refused too.
 */
import { appError } from './app-error';
import type { KernelRepositories } from './db/repositories';
import type { Store } from './db/db';

export interface ReplayMemory {
  /** False when `id` was seen and `forgetAt` of that sighting has not passed. */
  remember(id: string, forgetAt: number, now: number): Promise<boolean>;
}

/** In memory, bounded: past the capacity the expired are dropped, then new ones refused busy. */
export class LocalReplayMemory implements ReplayMemory {
  private readonly seen = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  async remember(id: string, forgetAt: number, now: number): Promise<boolean> {
    return this.rememberNow(id, forgetAt, now);
  }

  rememberNow(id: string, forgetAt: number, now: number): boolean {
    const known = this.seen.get(id);
    if (known !== undefined && known >= now) return false;
    if (this.seen.size >= this.capacity) {
      for (const [key, until] of this.seen) if (until < now) this.seen.delete(key);
      if (this.seen.size >= this.capacity) throw appError('SERVICE_BUSY');
    }
    this.seen.set(id, forgetAt);
    return true;
  }
}

/** Forgets passed marks every this many remembered. */
const PRUNE_EVERY = 10_000;

/** In the shared store: one insert per signed request (ROLE=gateway). */
export class StoreReplayMemory implements ReplayMemory {
  private count = 0;

  constructor(private readonly store: Store<KernelRepositories>) {}

  async remember(id: string, forgetAt: number, now: number): Promise<boolean> {
    this.count += 1;
    if (this.count % PRUNE_EVERY === 0) await this.store.repos.cluster.forgetMarks(now);
    return this.store.repos.cluster.mark(id, forgetAt, now);
  }
}
