import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './wire';

describe('JSON on the bus', () => {
  it('keeps bigints exact, and everything else as JSON does', () => {
    const value = {
      amount: 123456789012345678901234567890n,
      nested: [{ frozen: -5n, price: '100.00' }],
      plain: { $n: 5 },
      none: null,
    };
    expect(fromWire(toWire(value))).toEqual(value);
  });
});
