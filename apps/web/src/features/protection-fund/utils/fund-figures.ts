import { FUTURES_COIN } from '@quay/core';
import { signedCoinAmount } from '../../../platform/numbers/number-format';

export type FundTrend = 'rise' | 'fall' | 'flat';

/** A movement of the fund in USDT, as every signed amount reads: `+` when it grew; with its trend for the colour. */
export function signedFundAmount(value: string | null | undefined): {
  text: string;
  trend: FundTrend;
} {
  return signedCoinAmount(value, FUTURES_COIN);
}
