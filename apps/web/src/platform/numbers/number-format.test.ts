import { describe, expect, it } from 'vitest';
import { formatBtc, formatFiat, formatPercent, formatUsdt } from './number-format';

describe('wallet and trading figures (spec section 9)', () => {
  it('shows fiat with 2 decimals at or above 0.01, else 2 significant figures', () => {
    expect(formatFiat('1234.5')).toBe('1,234.50');
    expect(formatFiat('0.01')).toBe('0.01');
    expect(formatFiat('0.0099')).toBe('0.0099');
    expect(formatFiat('0.000123456')).toBe('0.00012');
    expect(formatFiat('-0.000456')).toBe('-0.00046');
    expect(formatFiat('-0.004')).toBe('-0.004');
    expect(formatFiat(0)).toBe('0.00');
    expect(formatFiat('-0')).toBe('0.00');
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
  });

  it('shows percentages with 2 decimals, signed on request, never -0.00', () => {
    expect(formatPercent('12.345')).toBe('12.35%');
    expect(formatPercent('5', true)).toBe('+5.00%');
    expect(formatPercent('0.001', true)).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
    expect(formatPercent('-1234.5')).toBe('-1,234.50%');
    expect(formatPercent(null)).toBe('--');
  });
});
