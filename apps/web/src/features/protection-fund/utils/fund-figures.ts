import { formatPnl, toDecimal } from '@quay/core';
import { USDT_DECIMALS } from '../../../platform/numbers/number-format';

export type FundTrend = 'rise' | 'fall' | 'flat';

/** A movement of the fund in USDT: 2 decimals half-up, `+` when it grew; with its trend for the colour. */
export function signedFundAmount(value: string | null | undefined): {
  text: string;
  trend: FundTrend;
} {
  const d = toDecimal(value);
  if (!d) return { text: formatPnl(null), trend: 'flat' };
  const text = formatPnl(d, USDT_DECIMALS);
  if (/^-?0(\.0+)?$/.test(text)) return { text: text.replace(/^-/, ''), trend: 'flat' };
  return d.gt(0) ? { text: `+${text}`, trend: 'rise' } : { text, trend: 'fall' };
}
