/**
 * Reference rates for showing asset values in a fiat unit: how much of the
 * unit one USDT is worth. There is no outside price feed; these are the
 * configured reference rates, used only for display, never to settle.
 */
import { isCurrencyType, type CurrencyType } from '@quay/core';

const FIAT_PER_USDT: Record<CurrencyType, string> = {
  USD: '1',
  KRW: '1380',
  JPY: '150',
  VND: '25400',
  RUB: '92',
  EUR: '0.92',
  TRY: '34',
  CNY: '7.2',
  TWD: '32',
  IDR: '15800',
  PHP: '57',
  HKD: '7.8',
  THB: '35',
};

export function fiatPerUsdt(unit: string): string | null {
  return isCurrencyType(unit) ? FIAT_PER_USDT[unit] : null;
}
