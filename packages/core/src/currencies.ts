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
