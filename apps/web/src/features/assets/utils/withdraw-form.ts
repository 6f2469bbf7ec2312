/**
 * The withdraw form's rules, checked as the user types so that nothing the
 * server would refuse is ever submitted: an address, an amount within the
 * coin's decimals, at least the minimum, at most what is available, and more
 * than the fee (the fee comes out of the amount).
 */
import { Decimal, toDecimal, type CoinSetting, type DecimalValue } from '@quay/core';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';

export type AddressProblem = 'required' | 'format';
export type AmountProblem = 'required' | 'belowMinimum' | 'overAvailable' | 'notAboveFee';

export interface WithdrawDraft {
  address: string;
  amount: string;
}

export interface WithdrawCheck {
  address: AddressProblem | null;
  amount: AmountProblem | null;
  /** What arrives: amount minus fee, never below zero. */
  receive: DecimalValue;
  fee: DecimalValue;
  ok: boolean;
}

/** Addresses of the chains we list: letters, digits and a few separators, no spaces. */
const ADDRESS_PATTERN = /^[A-Za-z0-9:_.-]{10,128}$/;

/** The amount as typed, cleaned to digits and the coin's decimals. */
export function cleanAmount(raw: string, setting: Pick<CoinSetting, 'decimals'>): string {
  return cleanNumericInput(raw, setting.decimals);
}

/** All that is available, cut (never rounded up) to the coin's decimals. */
export function maxAmount(available: string, setting: Pick<CoinSetting, 'decimals'>): string {
  const d = toDecimal(available);
  if (!d || d.lte(0)) return '0';
  return d.toDecimalPlaces(setting.decimals, Decimal.ROUND_DOWN).toFixed();
}

export function checkWithdraw(
  draft: WithdrawDraft,
  setting: Pick<CoinSetting, 'minWithdraw' | 'withdrawFee'>,
  available: string,
): WithdrawCheck {
  const fee = toDecimal(setting.withdrawFee) ?? new Decimal(0);
  const address = draft.address.trim();
  const addressProblem: AddressProblem | null =
    address === '' ? 'required' : ADDRESS_PATTERN.test(address) ? null : 'format';

  const amount = toDecimal(draft.amount);
  let amountProblem: AmountProblem | null = null;
  if (!amount || amount.lte(0)) amountProblem = 'required';
  else if (amount.gt(toDecimal(available) ?? 0)) amountProblem = 'overAvailable';
  else if (amount.lt(toDecimal(setting.minWithdraw) ?? 0)) amountProblem = 'belowMinimum';
  else if (amount.lte(fee)) amountProblem = 'notAboveFee';

  const receive = amount && amount.gt(fee) ? amount.minus(fee) : new Decimal(0);
  return {
    address: addressProblem,
    amount: amountProblem,
    receive,
    fee,
    ok: addressProblem === null && amountProblem === null,
  };
}
