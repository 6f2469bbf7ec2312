import { describe, expect, it } from 'vitest';
import {
  Decimal,
  formatAmount,
  formatPnl,
  formatRoe,
  groupThousands,
  safeDivide,
  toDecimal,
} from './numbers';

describe('formatting (spec section 9)', () => {
  it('groups digits in threes', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999')).toBe('999');
  });

  it('cuts amounts to their decimals, never shows -0 and writes -- for nothing', () => {
    expect(formatAmount('1234567.899', 2)).toBe('1,234,567.89');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
    expect(formatAmount('1.005', 2, Decimal.ROUND_HALF_UP)).toBe('1.01');
    expect(formatAmount('', 2)).toBe('--');
    expect(formatAmount('not a number', 2)).toBe('--');
  });

  it('keeps 20 significant digits, where floats would not', () => {
    expect(formatAmount('12345678901234567.89', 2)).toBe('12,345,678,901,234,567.89');
    expect(new Decimal('0.1').plus('0.2').toString()).toBe('0.3');
  });

  it('shows ROE rounded toward zero', () => {
    expect(formatRoe('12.349')).toBe('12.34%');
    expect(formatRoe('-12.349')).toBe('-12.34%');
    expect(formatRoe('-0.001')).toBe('0.00%');
  });

  it('shows PnL with 6 decimals by default', () => {
    expect(formatPnl('1.23456789')).toBe('1.234568');
    expect(formatPnl('-1.5', 2)).toBe('-1.50');
  });
});

describe('maths helpers', () => {
  it('read empty and unreadable values as nothing', () => {
    expect(toDecimal('')).toBeNull();
    expect(toDecimal(' 1.5 ')?.toString()).toBe('1.5');
    expect(toDecimal('Infinity')).toBeNull();
  });

  it('divide to zero when the divisor is zero', () => {
    expect(safeDivide('10', '0').toString()).toBe('0');
    expect(safeDivide('10', '').toString()).toBe('0');
    expect(safeDivide('10', '4').toString()).toBe('2.5');
  });
});
