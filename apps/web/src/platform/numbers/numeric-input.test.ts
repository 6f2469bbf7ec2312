import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanNumericInput } from './numeric-input';

describe('the numeric input cleaner (spec section 5)', () => {
  const cases: Array<[string, number, string]> = [
    ['１２．５', 2, '12.5'],
    ['12．34', 2, '12.34'],
    ['1a2b.3c', 2, '12.3'],
    ['.5', 2, '5'],
    ['...5', 2, '5'],
    ['000.5', 2, '0.5'],
    ['0012', 2, '012'],
    ['1.2.3', 4, '1.23'],
    ['1.23456', 2, '1.23'],
    ['1.5', 0, '1'],
    ['123456789012345678901234', 2, '12345678901234567890'],
    ['-12.5', 2, '12.5'],
    ['', 2, ''],
    ['12.', 2, '12.'],
  ];
  it.each(cases)('cleans %j with %i decimals to %j', (raw, decimals, expected) => {
    expect(cleanNumericInput(raw, decimals)).toBe(expected);
  });

  it('always yields digits with at most one dot, 20 integer digits and the asked decimals', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 12 }), (raw, decimals) => {
        const out = cleanNumericInput(raw, decimals);
        expect(out).toMatch(/^\d*(\.\d*)?$/);
        const [integer = '', fraction = ''] = out.split('.');
        expect(integer.length).toBeLessThanOrEqual(20);
        expect(fraction.length).toBeLessThanOrEqual(decimals);
        expect(out.startsWith('.')).toBe(false);
        expect(out.startsWith('00')).toBe(false);
      }),
    );
  });
});
