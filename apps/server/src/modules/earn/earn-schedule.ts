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
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly earn: EarnService,
    private readonly options: EarnScheduleOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.check_ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look: settles what is due; a look still running is waited for instead. */
  check(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.earn
      .settleDue()
      .then(() => undefined)
      .catch((err: unknown) => this.options.onError(err, 'earn settlement failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
