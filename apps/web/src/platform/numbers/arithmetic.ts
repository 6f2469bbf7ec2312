/** Sums, differences and products in which an empty or unreadable value counts as zero (spec section 5). */
import { Decimal, toDecimal, type DecimalValue, type NumericInput } from '@quay/core';

export function add(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).plus(toDecimal(b) ?? 0);
}

export function subtract(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).minus(toDecimal(b) ?? 0);
}

export function multiply(a: NumericInput, b: NumericInput): DecimalValue {
  return (toDecimal(a) ?? new Decimal(0)).times(toDecimal(b) ?? 0);
}
