import { describe, expect, it } from 'vitest';
import { CURRENCY_OPTIONS, isCurrencyType } from './currencies';

describe('currencies', () => {
  it('offers the 13 units of the spec with usdt_xxx wire values', () => {
    expect(CURRENCY_OPTIONS.map((c) => c.type)).toEqual([
      'USD',
      'KRW',
      'JPY',
      'VND',
      'RUB',
      'EUR',
      'TRY',
      'CNY',
      'TWD',
      'IDR',
      'PHP',
      'HKD',
      'THB',
    ]);
    expect(CURRENCY_OPTIONS.find((c) => c.type === 'EUR')).toMatchObject({
      value: 'usdt_eur',
      symbol: '€',
    });
    expect(isCurrencyType('GBP')).toBe(false);
  });
});
