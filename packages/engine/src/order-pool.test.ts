import { describe, expect, it } from 'vitest';
import {
  F64_STRIDE,
  FILLED,
  I32_STRIDE,
  ORDER_ID,
  OWNER,
  OrderPool,
  PRICE,
  REMAINING,
  SIDE,
  TIME,
  USER_NEXT,
} from './order-pool';

/** Writes a record whose every field derives from `n`. */
function write(pool: OrderPool, slot: number, n: number): void {
  const at = slot * F64_STRIDE;
  const link = slot * I32_STRIDE;
  pool.f64[at + ORDER_ID] = n;
  pool.f64[at + TIME] = n * 3 + 2 ** 40;
  pool.f64[at + PRICE] = n + 0.5;
  pool.f64[at + REMAINING] = Number.MAX_SAFE_INTEGER - n;
  pool.f64[at + FILLED] = n * 7;
  pool.i32[link + OWNER] = -n;
  pool.i32[link + SIDE] = n & 1;
  pool.i32[link + USER_NEXT] = n % 1000;
}

function read(pool: OrderPool, slot: number): number[] {
  const at = slot * F64_STRIDE;
  const link = slot * I32_STRIDE;
  return [
    pool.f64[at + ORDER_ID],
    pool.f64[at + TIME],
    pool.f64[at + PRICE],
    pool.f64[at + REMAINING],
    pool.f64[at + FILLED],
    pool.i32[link + OWNER],
    pool.i32[link + SIDE],
    pool.i32[link + USER_NEXT],
  ] as number[];
}

const expected = (n: number) => [
  n,
  n * 3 + 2 ** 40,
  n + 0.5,
  Number.MAX_SAFE_INTEGER - n,
  n * 7,
  -n,
  n & 1,
  n % 1000,
];

describe('order pool', () => {
  it('keeps every record as it grows', () => {
    // 20,000 orders: five doublings from the first 1,024 slots.
    const pool = new OrderPool();
    const slots: number[] = [];
    for (let n = 1; n <= 20_000; n += 1) {
      const slot = pool.take();
      write(pool, slot, n);
      slots.push(slot);
    }
    expect(new Set(slots).size).toBe(20_000);
    slots.forEach((slot, i) => expect(read(pool, slot)).toEqual(expected(i + 1)));
  });

  it('gives freed slots back, the last freed first, without touching the other records', () => {
    const pool = new OrderPool();
    const slots = Array.from({ length: 3000 }, (_, i) => {
      const slot = pool.take();
      write(pool, slot, i + 1);
      return slot;
    });
    const freed = [slots[10], slots[2500], slots[7]] as number[];
    for (const slot of freed) pool.free(slot);
    expect([pool.take(), pool.take(), pool.take()]).toEqual([...freed].reverse());
    // A fresh slot once the freed ones are used again, and the rest untouched.
    expect(slots).not.toContain(pool.take());
    slots.forEach((slot, i) => {
      if (!freed.includes(slot)) expect(read(pool, slot)).toEqual(expected(i + 1));
    });
  });
});
