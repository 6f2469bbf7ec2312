/**
 * Signatures of key requests seen while their timestamp is inside the
 * window: a second use is a replay. Bounded: past the capacity the expired
 * ones are dropped, and if the window alone holds that many, new requests
 * are refused as busy rather than remembered nowhere.
 */
import { LocalReplayMemory } from '../../kernel/replay-memory';

const CAPACITY = 200_000;

export class SignatureMemory {
  private readonly memory = new LocalReplayMemory(CAPACITY);

  constructor(private readonly window_ms: number) {}

  /** False when the signature was seen and its window has not passed. */
  remember(id: string, timestamp_ms: number, now_ms: number): boolean {
    return this.memory.rememberNow(id, timestamp_ms + this.window_ms, now_ms);
  }
}
