import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketFigures } from './market-figures';
import {
  coinDisplayDecimals,
  formatBtc,
  formatCoinAmount,
  formatFiat,
  formatLimit,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatRate,
  formatUsdt,
  plainFigure,
  signedCoinAmount,
} from './number-format';

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

  it('shows btc with 6 decimals and usdt with 2, rounded half to even', () => {
    expect(formatBtc('1.23456789')).toBe('1.234568');
    expect(formatBtc('0')).toBe('0.000000');
    expect(formatUsdt('1234567.899')).toBe('1,234,567.90');
    expect(formatUsdt('2973.405')).toBe('2,973.40');
    expect(formatUsdt('2973.415')).toBe('2,973.42');
    expect(formatUsdt('0')).toBe('0.00');
    expect(formatUsdt(undefined)).toBe('--');
    expect(formatUsdt('not a number')).toBe('--');
  });

  it('writes one USDT figure the same as a dollar valuation and as a balance', () => {
    // The futures account header ($, at 1 USD per USDT) and the balance under it (USDT).
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000_000n, max: 10n ** 16n }), (units) => {
        const value = `${units / 10n ** 8n}.${(units % 10n ** 8n).toString().padStart(8, '0')}`;
        expect(formatFiat(value)).toBe(formatUsdt(value));
      }),
    );
  });

  it('keeps 20 significant digits, where floats would not', () => {
    expect(formatUsdt('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
  });

  it('shows percentages with 2 decimals, signed on request, never -0.00', () => {
    expect(formatPercent('12.345')).toBe('12.34%');
    expect(formatPercent('12.355')).toBe('12.36%');
    expect(formatPercent('5', true)).toBe('+5.00%');
    expect(formatPercent('0.001', true)).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
    expect(formatPercent('-1234.5')).toBe('-1,234.50%');
    expect(formatPercent(null)).toBe('--');
  });

  it('shows a rate in percent with 4 decimals', () => {
    expect(formatRate('0.0001')).toBe('0.0100%');
    expect(formatRate('-0.00037512')).toBe('-0.0375%');
    expect(formatRate('0.0002')).toBe('0.0200%');
    expect(formatRate('')).toBe('--');
  });
});

describe('one figure per kind', () => {
  it('writes a price at the tick and a quantity at the lot, rounded half to even', () => {
    // An average entry is no tick: 95200.895832 reads 95,200.90 wherever it is shown.
    expect(formatPrice('95200.895832', 2)).toBe('95,200.90');
    expect(formatPrice('95200.885', 2)).toBe('95,200.88');
    expect(formatQuantity('0.123455', 5)).toBe('0.12346');
    expect(formatQuantity('0.01', 5)).toBe('0.01000');
  });

  it('writes amounts and fees at the coin display precision', () => {
    expect(coinDisplayDecimals('USDT')).toBe(2);
    expect(coinDisplayDecimals('SUSDT')).toBe(2);
    expect(coinDisplayDecimals('BTC')).toBe(6);
    expect(coinDisplayDecimals('SBTC')).toBe(6);
    expect(coinDisplayDecimals('SOL')).toBe(6);
    expect(formatCoinAmount('4.751504', 'USDT')).toBe('4.75');
    expect(formatCoinAmount('0.00000952', 'BTC')).toBe('0.000010');
  });

  it('cuts the most an order may take, so it can always be placed', () => {
    expect(formatLimit('0.129999', 5)).toBe('0.12999');
    expect(formatLimit('2973.419', 2)).toBe('2,973.41');
  });

  it('signs an amount and gives its trend', () => {
    expect(signedCoinAmount('12.345', 'USDT')).toEqual({ text: '+12.34', trend: 'rise' });
    expect(signedCoinAmount('-1234.5', 'USDT')).toEqual({ text: '-1,234.50', trend: 'fall' });
    expect(signedCoinAmount('-0.001', 'USDT')).toEqual({ text: '0.00', trend: 'flat' });
    expect(signedCoinAmount('', 'USDT')).toEqual({ text: '--', trend: 'flat' });
  });

  it('writes a market figure the same on a screen and, ungrouped, in a CSV', () => {
    const markets = [
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, quantityPrecision: 5 },
    ];
    const shown = marketFigures(markets);
    const csv = marketFigures(markets, true);
    expect(shown.price('95200.895832', 'BTCUSDT')).toBe('95,200.90');
    expect(csv.price('95200.895832', 'BTCUSDT')).toBe('95200.90');
    expect(shown.quote('4.751504', 'BTCUSDT')).toBe('4.75');
    expect(shown.quantity('0.01', 'BTCUSDT')).toBe('0.01000');
    expect(csv.coin('', 'USDT')).toBe('');
    // A market not known yet: as written, grouped.
    expect(shown.price('1234.5678', 'ETHUSDT')).toBe('1,234.5678');
    expect(plainFigure('1,234.50')).toBe('1234.50');
  });
});
