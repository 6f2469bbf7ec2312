import { describe, expect, it } from 'vitest';
import { currencyOption, defaultCurrencyFor } from './valuation-currency';

describe('valuation currency', () => {
  it('finds the option of a unit', () => {
    expect(currencyOption('EUR')).toMatchObject({ value: 'usdt_eur', symbol: '€' });
    expect(currencyOption('TWD')).toMatchObject({ symbol: 'NT$', showName: 'TWD - NT$' });
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
    expect(defaultCurrencyFor('nl')).toBe('EUR');
    expect(defaultCurrencyFor('sv')).toBe('EUR');
    expect(defaultCurrencyFor('ar')).toBe('USD');
  });
});
