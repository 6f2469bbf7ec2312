import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSENT, OrderIndex } from './order-index';

describe('order index', () => {
  it('answers what a Map answers over any adds and deletes, through growth and colliding ids', () => {
    // Ids in sequence, with a common stride, and far apart: all share slots somewhere.
    const id = fc.oneof(
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 1, max: 300 }).map((n) => n * 32_768),
      fc.integer({ min: 1, max: 300 }).map((n) => n * 2 ** 32 + 1),
    );
    const op = fc.tuple(fc.boolean(), id);
    fc.assert(
      fc.property(fc.array(op, { minLength: 500, maxLength: 3000 }), (ops) => {
        const index = new OrderIndex();
        const map = new Map<number, number>();
        for (const [i, [add, key]] of ops.entries()) {
          if (add && !map.has(key)) {
            index.add(key, i);
            map.set(key, i);
          } else if (!add) {
            index.delete(key);
            map.delete(key);
          }
          expect(index.size).toBe(map.size);
          expect(index.get(key)).toBe(map.get(key) ?? ABSENT);
        }
        for (const [key, value] of map) {
          expect(index.has(key)).toBe(true);
          expect(index.get(key)).toBe(value);
        }
      }),
      { numRuns: 40 },
    );
  });
});
