import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainDecimal, toPlainDecimal } from './protocol';

describe('the one decimal grammar', () => {
  it('takes plain figures only', () => {
    for (const good of ['0', '1', '10', '0.5', '95000.25', '0.00000001', '1.50'])
      expect(isPlainDecimal(good), good).toBe(true);
    for (const bad of [
      '',
      '.',
      '0x10',
      '0b1',
      '1e3',
      '1_000',
      '1,000',
      ' 1',
      '+1',
      '-1',
      '.5',
      '1.',
      '01',
      '1\n',
      'NaN',
      '１',
    ])
      expect(isPlainDecimal(bad), JSON.stringify(bad)).toBe(false);
  });

  it('completes what a form holds mid-typing, and leaves what is not a figure alone', () => {
    expect(toPlainDecimal('1.')).toBe('1');
    expect(toPlainDecimal('01')).toBe('1');
    expect(toPlainDecimal('000.50')).toBe('0.50');
    expect(toPlainDecimal('.5')).toBe('0.5');
    expect(toPlainDecimal('1e3')).toBe('1e3');
    expect(toPlainDecimal('')).toBe('');
  });

  it('gives a plain figure for any string of digits with at most one point', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{0,6}(\.[0-9]{0,6})?$/).filter((s) => /[0-9]/.test(s)),
        (typed) => {
          const plain = toPlainDecimal(typed);
          expect(isPlainDecimal(plain)).toBe(true);
          expect(Number(plain)).toBe(Number(typed.endsWith('.') ? typed.slice(0, -1) : typed));
        },
      ),
    );
  });
});
