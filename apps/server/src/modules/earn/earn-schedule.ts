/**
 * When earn settles: at the first check after each UTC midnight of the
 * app's clock, every midnight not settled yet (so days missed while the
 * server was down are settled at start, oldest first).
 */
import type { EarnService } from './earn-service';

export interface EarnScheduleOptions {
  check_ms: number;
  onError: (err: unknown, what: string) => void;
}

export class EarnSchedule {
  private timer: ReturnType<typeof setInterval> | undefined;
  private run: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly earn: EarnService,
    private readonly options: EarnScheduleOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.check(), this.options.check_ms);
    this.timer.unref();
  }

  /** Stops looking, once the look under way (if any) is over. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.run;
  }

  /** One look: settles what is due; while a look runs, it is the answer. */
  check(): Promise<void> {
    if (this.busy) return this.run;
    this.busy = true;
    this.run = this.earn.settleDue().then(
      () => {
        this.busy = false;
      },
      (err: unknown) => {
        this.busy = false;
        this.options.onError(err, 'earn settlement failed');
      },
    );
    return this.run;
  }
}
