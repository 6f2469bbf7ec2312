import type { Locale } from './locales';

/** Fiat units a user can value assets in (spec section 3, currency option). */
export const CURRENCY_TYPES = [
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
] as const;

export type CurrencyType = (typeof CURRENCY_TYPES)[number];

export interface CurrencyOption {
  symbol: string;
  name: string;
  /** Wire value, of the form usdt_xxx. */
  value: string;
  type: CurrencyType;
  showName: string;
}

const SYMBOLS: Record<CurrencyType, string> = {
  USD: '$',
  KRW: '₩',
  JPY: '¥',
  VND: '₫',
  RUB: '₽',
  EUR: '€',
  TRY: '₺',
  CNY: '¥',
  TWD: 'NT$',
  IDR: 'Rp',
  PHP: '₱',
  HKD: 'HK$',
  THB: '฿',
};

export const CURRENCY_OPTIONS: readonly CurrencyOption[] = CURRENCY_TYPES.map((type) => ({
  symbol: SYMBOLS[type],
  name: type,
  value: `usdt_${type.toLowerCase()}`,
  type,
  showName: `${type} - ${SYMBOLS[type]}`,
}));

export function isCurrencyType(value: string): value is CurrencyType {
  return (CURRENCY_TYPES as readonly string[]).includes(value);
}

export function currencyOption(type: CurrencyType): CurrencyOption {
  const option = CURRENCY_OPTIONS.find((c) => c.type === type);
  if (!option) throw new Error(`unknown currency ${type}`);
  return option;
}

/**
 * Locale-to-default-currency map (spec section 3): zh-CN CNY, en USD, ja JPY,
 * vi VND, id IDR, th THB, the European languages EUR; USD otherwise
 * (DESIGN.md section 8).
 */
const LOCALE_CURRENCY: Partial<Record<Locale, CurrencyType>> = {
  'zh-CN': 'CNY',
  en: 'USD',
  ja: 'JPY',
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
};

export function defaultCurrencyFor(locale: Locale): CurrencyType {
  return LOCALE_CURRENCY[locale] ?? 'USD';
}
