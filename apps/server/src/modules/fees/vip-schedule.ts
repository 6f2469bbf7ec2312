/**
 * When tiers are recomputed: once a day, at the first check after each UTC
 * midnight of the app's clock, unless the store holds a recompute since; and
 * how the server follows standings an operator's command changed beside it
 * (a cheap look at the newest change).
 */
import type { FeesService } from './fees-service';

export const DAY_MS = 24 * 3600 * 1000;

/** The first UTC midnight after `time`. */
export function nextMidnight(time: number): number {
  return (Math.floor(time / DAY_MS) + 1) * DAY_MS;
}

export interface VipScheduleOptions {
  now: () => number;
  /** How often the clock and the store are looked at. */
  check_ms: number;
  onError: (err: unknown, what: string) => void;
}

export class VipSchedule {
  private timer: NodeJS.Timeout | null = null;
  private due: number;
  /** The look under way, if any. */
  private running: Promise<void> | null = null;
  /** The look that starts once it is over, shared by every call made meanwhile. */
  private nextLook: Promise<void> | null = null;

  constructor(
    private readonly fees: FeesService,
    private readonly options: VipScheduleOptions,
  ) {
    this.due = nextMidnight(options.now());
  }

  /**
   * Starts the checks. `lastComputed`, the newest recompute in the store: one
   * missed while the server was down (a midnight passed since) runs at once.
   */
  start(lastComputed: number | null = null): void {
    if (lastComputed !== null) this.due = Math.min(this.due, nextMidnight(lastComputed));
    this.timer = setInterval(() => void this.check(), this.options.check_ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.nextLook;
  }

  /**
   * One look: the daily recompute when it is due, else a reload if a
   * standing changed; one at a time. A look under way may have read the
   * clock before this call, so a call made during one is answered by the
   * look after it (as earn's settlements).
   */
  check(): Promise<void> {
    if (!this.running) return this.look();
    this.nextLook ??= this.running.then(() => {
      this.nextLook = null;
      return this.look();
    });
    return this.nextLook;
  }

  private look(): Promise<void> {
    const run = this.step()
      .catch((err: unknown) => this.options.onError(err, 'VIP tiers check failed'))
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
    return run;
  }

  private async step(): Promise<void> {
    const now = this.options.now();
    const due = this.due;
    if (now >= due) {
      this.due = nextMidnight(now);
      // Once a midnight: another server or an operator's command may have
      // recomputed since it, and a second pass would value the day again.
      const last = await this.fees.lastComputed();
      if (last === null || last < due) {
        await this.fees.recomputeAll();
        return;
      }
    }
    await this.fees.reloadIfChanged();
  }
}
