import { describe, expect, it } from 'vitest';
import { cleanParams, toFormBody } from './params';

describe('request params', () => {
  it('trims strings deeply and formats dates', () => {
    const at = new Date(2026, 10, 22, 9, 5, 33);
    expect(
      cleanParams({
        email: '  a@b.co ',
        nested: { name: ' x ' },
        list: [' y '],
        at,
        n: 3,
        skip: undefined,
      }),
    ).toEqual({
      email: 'a@b.co',
      nested: { name: 'x' },
      list: ['y'],
      at: '2026-11-22 09:05',
      n: 3,
    });
  });

  it('encodes form bodies', () => {
    expect(toFormBody({ a: 'x y', b: 2, c: null }).toString()).toBe('a=x+y&b=2');
  });
});
