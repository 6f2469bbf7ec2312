import { describe, expect, it } from 'vitest';
import { checkBorrow, checkRepay, debtOf, interestOf, spendable } from './margin-figures';

describe('the margin figures', () => {
  it('lets an order spend what may still be borrowed only with auto-borrow on', () => {
    expect(spendable('100.5', false, '900')).toBe('100.5');
    expect(spendable('100.5', true, '899.5')).toBe('1000');
    expect(spendable('0', true, undefined)).toBe('0');
  });

  it('owes principal plus unpaid interest', () => {
    expect(debtOf({ borrowed: '1000', interest: '0.02083333' })).toBe('1000.02083333');
    expect(debtOf(undefined)).toBe('0');
  });

  it('prices a loan by the hour and the day, exactly', () => {
    // 0.024 % a day on 1000: 0.24 a day, 0.01 an hour.
    expect(interestOf('1000', '0.00024')).toEqual({ hour: '0.01', day: '0.24' });
    expect(interestOf('', '0.00024')).toEqual({ hour: '0', day: '0' });
  });

  it('refuses a repayment above the debt or above what the account holds', () => {
    expect(checkRepay('', '10', '10')).toBe('required');
    expect(checkRepay('0', '10', '10')).toBe('required');
    expect(checkRepay('10.00000001', '10', '20')).toBe('overDebt');
    expect(checkRepay('8', '10', '7.5')).toBe('overAvailable');
    expect(checkRepay('7.5', '10', '7.5')).toBeNull();
  });

  it('refuses a loan above what may be borrowed now', () => {
    expect(checkBorrow('', '5')).toBe('required');
    expect(checkBorrow('5.1', '5')).toBe('overMax');
    expect(checkBorrow('5', '5')).toBeNull();
    expect(checkBorrow('5', undefined)).toBeNull();
  });
});
