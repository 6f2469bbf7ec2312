/**
 * Numbers both sides compute with (spec sections 5 and 9): decimal.js at
 * precision 20, never a JS float for a figure that is shown; the grouped
 * fixed-decimal format, PnL and ROE that the derived position fields write.
 * Formats and the input cleaner that only the web app uses live in the web app.
 */
import DecimalJs from 'decimal.js';

/** decimal.js with the spec's 20 significant digits, separate from any other copy's settings. */
export const Decimal = DecimalJs.clone({ precision: 20, rounding: DecimalJs.ROUND_HALF_UP });
export type DecimalValue = InstanceType<typeof Decimal>;
export type NumericInput = string | number | DecimalValue;

export const EMPTY_TEXT = '--';
export const PERCENT_DECIMALS = 2;
export const PNL_DECIMALS = 6;

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

/** a / b, and zero when b is zero (spec section 5). */
export function safeDivide(a: NumericInput, b: NumericInput): DecimalValue {
  const divisor = toDecimal(b);
  const dividend = toDecimal(a);
  if (!divisor || !dividend || divisor.isZero()) return new Decimal(0);
  return dividend.div(divisor);
}
