import { describe, expect, it } from 'vitest';
import { CURRENCY_OPTIONS, currencyOption, defaultCurrencyFor, isCurrencyType } from './currencies';

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
    expect(currencyOption('EUR')).toMatchObject({ value: 'usdt_eur', symbol: '€' });
    expect(isCurrencyType('GBP')).toBe(false);
  });

  it('maps locales to their default unit, USD otherwise', () => {
    expect(defaultCurrencyFor('zh-CN')).toBe('CNY');
    expect(defaultCurrencyFor('en')).toBe('USD');
    expect(defaultCurrencyFor('ja')).toBe('JPY');
    expect(defaultCurrencyFor('vi')).toBe('VND');
    expect(defaultCurrencyFor('id')).toBe('IDR');
    expect(defaultCurrencyFor('th')).toBe('THB');
    expect(defaultCurrencyFor('de')).toBe('EUR');
    expect(defaultCurrencyFor('fr')).toBe('EUR');
    expect(defaultCurrencyFor('ar')).toBe('USD');
  });
});
