import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  cacheTimeFromDays,
  cleanNumericInput,
  formatBtc,
  formatFiat,
  formatPercent,
  formatPnl,
  formatRoe,
  formatUsdt,
  groupThousands,
  multiply,
  safeDivide,
} from './numbers';

describe('formatting (spec section 9)', () => {
  it('groups digits in threes', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999')).toBe('999');
  });

  it('shows fiat with 2 decimals at or above 0.01, else 2 significant figures', () => {
    expect(formatFiat('1234.5')).toBe('1,234.50');
    expect(formatFiat('0.01')).toBe('0.01');
    expect(formatFiat('0.0099')).toBe('0.0099');
    expect(formatFiat('0.000123456')).toBe('0.00012');
    expect(formatFiat('-0.000456')).toBe('-0.00046');
    expect(formatFiat(0)).toBe('0.00');
    expect(formatFiat('')).toBe('--');
    expect(formatFiat(null)).toBe('--');
  });

  it('shows btc with 6 decimals and usdt with 2, cut rather than rounded up', () => {
    expect(formatBtc('1.23456789')).toBe('1.234567');
    expect(formatBtc('0')).toBe('0.000000');
    expect(formatUsdt('1234567.899')).toBe('1,234,567.89');
    expect(formatUsdt('0')).toBe('0.00');
    expect(formatUsdt(undefined)).toBe('--');
    expect(formatUsdt('not a number')).toBe('--');
  });

  it('keeps 20 significant digits, where floats would not', () => {
    expect(formatUsdt('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(multiply('0.1', '0.2').toString()).toBe('0.02');
    expect(new Decimal('0.1').plus('0.2').toString()).toBe('0.3');
  });

  it('shows percentages with 2 decimals and ROE rounded toward zero', () => {
    expect(formatPercent('12.345')).toBe('12.35%');
    expect(formatPercent('5', true)).toBe('+5.00%');
    expect(formatRoe('12.349')).toBe('12.34%');
    expect(formatRoe('-12.349')).toBe('-12.34%');
    expect(formatRoe('-0.001')).toBe('0.00%');
  });

  it('shows PnL with 6 decimals by default', () => {
    expect(formatPnl('1.23456789')).toBe('1.234568');
    expect(formatPnl('-1.5', 2)).toBe('-1.50');
  });
});

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

describe('maths helpers', () => {
  it('divide to zero when the divisor is zero', () => {
    expect(safeDivide('10', '0').toString()).toBe('0');
    expect(safeDivide('10', '').toString()).toBe('0');
    expect(safeDivide('10', '4').toString()).toBe('2.5');
  });

  it('turn days into a cache time in milliseconds', () => {
    expect(cacheTimeFromDays(1)).toBe(86_400_000);
    expect(cacheTimeFromDays(7)).toBe(604_800_000);
    expect(cacheTimeFromDays(0)).toBe(0);
  });
});
