/**
 * The valuation unit as the screens show it: its option (symbol, name) and
 * the unit a language starts with until the user picks one.
 */
import { CURRENCY_OPTIONS, type CurrencyOption, type CurrencyType, type Locale } from '@quay/core';

export function currencyOption(type: CurrencyType): CurrencyOption {
  const option = CURRENCY_OPTIONS.find((c) => c.type === type);
  if (!option) throw new Error(`unknown currency ${type}`);
  return option;
}

/**
 * Locale-to-default-currency map (spec section 3): zh-CN CNY, en USD, ko KRW, ja JPY,
 * vi VND, id IDR, th THB, the European languages EUR; USD otherwise
 * (DESIGN.md section 8).
 */
const LOCALE_CURRENCY: Partial<Record<Locale, CurrencyType>> = {
  'zh-CN': 'CNY',
  en: 'USD',
  ja: 'JPY',
  ko: 'KRW',
  vi: 'VND',
  id: 'IDR',
  th: 'THB',
  ru: 'RUB',
  tr: 'TRY',
  'zh-TW': 'TWD',
  'zh-TC': 'HKD',
  ph: 'PHP',
  de: 'EUR',
  fr: 'EUR',
  it: 'EUR',
  'es-ES': 'EUR',
  'pt-PT': 'EUR',
  pl: 'EUR',
  bg: 'EUR',
  nl: 'EUR',
  sv: 'EUR',
};

export function defaultCurrencyFor(locale: Locale): CurrencyType {
  return LOCALE_CURRENCY[locale] ?? 'USD';
}
