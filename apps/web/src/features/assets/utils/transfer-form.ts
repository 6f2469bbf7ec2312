/**
 * The transfer form's rules (spot <-> futures): an amount above zero, within
 * the coin's decimals and at most what the source wallet can give: the spot
 * wallet's available USDT, or the futures wallet's `maxTransferable` (what
 * open positions and orders do not hold).
 */
import { Decimal, toDecimal, type FuturesAccount, type TransferDirection } from '@quay/core';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';

export type TransferProblem = 'required' | 'overMax';

/** USDT moves in minor units of 10^-8 on the ledger. */
export const TRANSFER_DECIMALS = 8;

export interface TransferCheck {
  problem: TransferProblem | null;
  ok: boolean;
}

/** The amount as typed, cleaned to digits and the coin's decimals. */
export function cleanTransferAmount(raw: string, decimals = TRANSFER_DECIMALS): string {
  return cleanNumericInput(raw, decimals);
}

/** What the source wallet can give, cut (never rounded up) to the decimals; zero when unknown. */
export function transferMax(
  direction: TransferDirection,
  spotAvailable: string | null | undefined,
  account: Pick<FuturesAccount, 'maxTransferable'> | null | undefined,
  decimals = TRANSFER_DECIMALS,
): string {
  const source = direction === 'toFutures' ? spotAvailable : account?.maxTransferable;
  const d = toDecimal(source);
  if (!d || d.lte(0)) return '0';
  return d.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

export function checkTransfer(amount: string, max: string): TransferCheck {
  const d = toDecimal(amount);
  let problem: TransferProblem | null = null;
  if (!d || d.lte(0)) problem = 'required';
  else if (d.gt(toDecimal(max) ?? 0)) problem = 'overMax';
  return { problem, ok: problem === null };
}

/** The other way round. */
export function flipDirection(direction: TransferDirection): TransferDirection {
  return direction === 'toFutures' ? 'toSpot' : 'toFutures';
}
