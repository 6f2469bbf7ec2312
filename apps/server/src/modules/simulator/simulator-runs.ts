/**
 * The simulators the app runs (the spot markets' and the perpetuals'), in
 * the order they started. Each runs on its own timer; `tick(now)` steps them
 * all once, spot first, so the perpetuals follow the index it just moved:
 * tests drive the live app with their own clock through it, without waiting.
 */
import type { Simulator } from './simulator';

export class SimulatorRuns {
  private readonly running: Simulator[] = [];

  add(simulator: Simulator): void {
    this.running.push(simulator);
  }

  remove(simulator: Simulator): void {
    const at = this.running.indexOf(simulator);
    if (at >= 0) this.running.splice(at, 1);
  }

  /** Stops every simulator's timer: a test then steps them by hand alone. */
  async stopTimers(): Promise<void> {
    for (const simulator of [...this.running]) await simulator.stopTimer();
  }

  async tick(now: number): Promise<void> {
    for (const simulator of [...this.running]) await simulator.tick(now);
  }
}
