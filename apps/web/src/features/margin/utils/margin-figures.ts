/**
 * The margin screens' arithmetic, all in decimals: what an order may spend,
 * a coin's debt, and the interest a loan costs.
 */
import { Decimal, toDecimal, type MarginAsset } from '@quay/core';

const zero = new Decimal(0);
const dec = (value: string | undefined | null) => toDecimal(value ?? '') ?? zero;

/** What an order may spend: the available balance, plus what may be borrowed when auto-borrow is on. */
export function spendable(
  available: string,
  autoBorrow: boolean,
  maxBorrowable: string | undefined,
): string {
  const base = dec(available);
  return (autoBorrow ? base.plus(dec(maxBorrowable)) : base).toFixed();
}

/** What a coin owes: principal plus unpaid interest. */
export function debtOf(asset: Pick<MarginAsset, 'borrowed' | 'interest'> | undefined): string {
  return asset ? dec(asset.borrowed).plus(dec(asset.interest)).toFixed() : '0';
}

/** The interest of `amount` for one hour and one day at a daily rate (a fraction). */
export function interestOf(amount: string, dailyRate: string): { hour: string; day: string } {
  const a = dec(amount);
  const day = a.times(dec(dailyRate));
  return { hour: day.div(24).toFixed(), day: day.toFixed() };
}

/**
 * What a repayment may be: at most the debt and at most what the account
 * holds of the coin; the problem, if any, with the amount typed.
 */
export function checkRepay(
  amount: string,
  debt: string,
  available: string,
): 'required' | 'overDebt' | 'overAvailable' | null {
  const a = toDecimal(amount);
  if (!a || a.lte(0)) return 'required';
  if (a.gt(dec(debt))) return 'overDebt';
  if (a.gt(dec(available))) return 'overAvailable';
  return null;
}

/** A borrow amount's problem: none typed, or more than may be borrowed now. */
export function checkBorrow(
  amount: string,
  max: string | undefined,
): 'required' | 'overMax' | null {
  const a = toDecimal(amount);
  if (!a || a.lte(0)) return 'required';
  if (max !== undefined && a.gt(dec(max))) return 'overMax';
  return null;
}
