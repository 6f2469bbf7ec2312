import { describe, expect, it } from 'vitest';
import { liveWorkload } from './live-workloads';
import { FastOrderBook } from './order-book';
import { ReferenceBook } from './reference-book';

describe('the live workloads', () => {
  for (const shape of ['drift', 'bursty'] as const) {
    it(`${shape}: the same for a seed, cancels only live orders, and both books agree on it`, () => {
      const commands = liveWorkload({ shape, seed: 11, count: 6000 });
      expect(commands).toHaveLength(6000);
      expect(liveWorkload({ shape, seed: 11, count: 6000 })).toEqual(commands);
      expect(liveWorkload({ shape, seed: 12, count: 6000 })).not.toEqual(commands);
      const fast = new FastOrderBook();
      const reference = new ReferenceBook();
      let fills = 0;
      let cancels = 0;
      for (const command of commands) {
        const events = fast.execute(command);
        expect(events).toEqual(reference.execute(command));
        if (command.type === 'cancel') {
          cancels += 1;
          expect(events[0]?.type).toBe('cancelled');
        }
        fills += events.filter((e) => e.type === 'fill').length;
      }
      expect(cancels).toBeGreaterThan(500);
      expect(fills).toBeGreaterThan(500);
    });
  }

  it('bursty: sweeps take many levels at once', () => {
    const book = new FastOrderBook();
    let widest = 0;
    for (const command of liveWorkload({ shape: 'bursty', seed: 5, count: 20_000 })) {
      const prices = new Set(
        book
          .execute(command)
          .filter((e) => e.type === 'fill')
          .map((e) => (e.type === 'fill' ? e.price : 0)),
      );
      widest = Math.max(widest, prices.size);
    }
    expect(widest).toBeGreaterThanOrEqual(5);
  });
});
