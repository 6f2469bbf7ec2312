/**
 * Numbers as the spec's screens show and take them (spec sections 5 and 9):
 * decimal.js at precision 20, never a JS float for a figure that is shown.
 */
import DecimalJs from 'decimal.js';

/** decimal.js with the spec's 20 significant digits, separate from any other copy's settings. */
export const Decimal = DecimalJs.clone({ precision: 20, rounding: DecimalJs.ROUND_HALF_UP });
export type DecimalValue = InstanceType<typeof Decimal>;
export type NumericInput = string | number | DecimalValue;

export const EMPTY_TEXT = '--';
export const MAX_INTEGER_DIGITS = 20;
export const BTC_DECIMALS = 6;
export const USDT_DECIMALS = 2;
export const FIAT_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;
export const PNL_DECIMALS = 6;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** A value as a Decimal, or null when it is empty or not a number. */
export function toDecimal(value: NumericInput | null | undefined): DecimalValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  try {
    const d = new Decimal(typeof value === 'string' ? value.trim() : value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Groups the integer digits of a plain decimal string in threes: 1234567.5 -> 1,234,567.5. */
export function groupThousands(plain: string, separator = ','): string {
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1) : plain;
  const [integer = '', fraction] = body.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

function fixed(d: DecimalValue, places: number, rounding: DecimalJs.Rounding): string {
  const text = d.toFixed(places, rounding);
  // -0.00 reads as a loss that is not there.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A fixed number of decimals, grouped; empty gives `--`, zero gives `0.00`
 * style zeros. Amounts are cut, not rounded up: nobody is shown more than
 * they hold.
 */
export function formatAmount(
  value: NumericInput | null | undefined,
  places: number,
  rounding: DecimalJs.Rounding = Decimal.ROUND_DOWN,
): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  return groupThousands(fixed(d, places, rounding));
}

export function formatBtc(value: NumericInput | null | undefined): string {
  return formatAmount(value, BTC_DECIMALS);
}

export function formatUsdt(value: NumericInput | null | undefined): string {
  return formatAmount(value, USDT_DECIMALS);
}

/** Fiat: 2 decimals at or above 0.01, else 2 significant figures; zero is 0.00. */
export function formatFiat(value: NumericInput | null | undefined): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  if (d.isZero()) return '0.00';
  if (d.abs().gte('0.01')) return groupThousands(fixed(d, FIAT_DECIMALS, Decimal.ROUND_HALF_UP));
  return d.toSignificantDigits(2, Decimal.ROUND_HALF_UP).toFixed();
}

/** Percentages with 2 decimals; the value is already in percent (12.345 -> 12.35%). */
export function formatPercent(value: NumericInput | null | undefined, withSign = false): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  const text = groupThousands(fixed(d, PERCENT_DECIMALS, Decimal.ROUND_HALF_UP));
  return `${withSign && d.gt(0) && !/^0\.0+$/.test(text) ? '+' : ''}${text}%`;
}

/** Return on equity: 2 decimals rounded toward zero, so a gain or loss is never overstated. */
export function formatRoe(value: NumericInput | null | undefined): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  return `${groupThousands(fixed(d, PERCENT_DECIMALS, Decimal.ROUND_DOWN))}%`;
}

/** Profit and loss, 6 decimals unless the market says otherwise. */
export function formatPnl(value: NumericInput | null | undefined, places = PNL_DECIMALS): string {
  return formatAmount(value, places, Decimal.ROUND_HALF_UP);
}

/**
 * The numeric input cleaner (spec section 5): full-width dot (and digits) to ASCII, only
 * digits and dots kept, no leading dot, a run of leading zeros collapsed to
 * one, only the first dot kept, at most 20 integer digits and the caller's
 * number of decimals.
 */
export function cleanNumericInput(raw: string, decimals: number): string {
  // Full-width digits too: a Japanese or Chinese input method types them.
  let text = raw
    .replace(/\uFF0E/g, '.')
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[^\d.]/g, '');
  text = text.replace(/^\.+/, '');
  text = text.replace(/^0{2,}/, '0');
  const dot = text.indexOf('.');
  let integer = dot === -1 ? text : text.slice(0, dot);
  let fraction = dot === -1 ? null : text.slice(dot + 1).replace(/\./g, '');
  integer = integer.slice(0, MAX_INTEGER_DIGITS);
  if (fraction !== null) {
    fraction = decimals > 0 ? fraction.slice(0, decimals) : null;
  }
  return fraction === null ? integer : `${integer}.${fraction}`;
}

/** Cache lifetime in milliseconds from a number of days (spec section 9). */
export function cacheTimeFromDays(days: number): number {
  return days * MS_PER_DAY;
}

/** a / b, and zero when b is zero (spec section 5). */
export function safeDivide(a: NumericInput, b: NumericInput): DecimalValue {
  const divisor = toDecimal(b);
  const dividend = toDecimal(a);
  if (!divisor || !dividend || divisor.isZero()) return new Decimal(0);
  return dividend.div(divisor);
}

export function add(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).plus(toDecimal(b) ?? 0);
}

export function subtract(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).minus(toDecimal(b) ?? 0);
}

export function multiply(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).times(toDecimal(b) ?? 0);
}
