/**
 * How a margin account's risk reads on screen: its tone, the margin level
 * and risk ratio as text, and the gauge's fill and lines. The server computes
 * the figures (`MarginAccount`); this only places them. Decimal throughout;
 * the gauge's positions become numbers for CSS only.
 */
import { Decimal, toDecimal, type DecimalValue, type MarginAccount } from '@quay/core';
import { formatFixed, formatPercent } from '../../platform/numbers/number-format';

export type MarginRiskTone = 'safe' | 'call' | 'liquidation';

type RiskFigures = Pick<
  MarginAccount,
  'marginLevel' | 'riskRatio' | 'callLevel' | 'liquidationLevel' | 'status'
>;

/**
 * Safe above the call level (or without debt), `call` at or below it,
 * `liquidation` at or below the liquidation level or once liquidated.
 */
export function riskTone(account: RiskFigures): MarginRiskTone {
  if (account.status === 'liquidated') return 'liquidation';
  const level = toDecimal(account.marginLevel);
  if (!level) return account.status === 'call' ? 'call' : 'safe';
  const liquidation = toDecimal(account.liquidationLevel);
  if (liquidation && level.lte(liquidation)) return 'liquidation';
  const call = toDecimal(account.callLevel);
  if ((call && level.lte(call)) || account.status === 'call') return 'call';
  return 'safe';
}

/** The margin level with 2 decimals (cut, so 1.099 never reads as the 1.10 line); `--` without debt. */
export function formatMarginLevel(level: string): string {
  const d = toDecimal(level);
  return d ? formatFixed(d.toDecimalPlaces(2, Decimal.ROUND_DOWN), 2) : '--';
}

/** The risk ratio (liabilities / assets, a fraction) in percent. */
export function formatRiskRatio(ratio: string): string {
  const d = toDecimal(ratio);
  return formatPercent(d ? d.times(100) : null);
}

/** The risk ratio at which the margin level reaches `level` (1 / level), as a fraction. */
export function ratioAtLevel(level: string): DecimalValue | null {
  const d = toDecimal(level);
  return d && d.gt(0) ? new Decimal(1).div(d) : null;
}

const percentOf = (fraction: DecimalValue | null): number | null =>
  fraction ? Decimal.min(100, Decimal.max(0, fraction.times(100))).toNumber() : null;

/**
 * The gauge: 0 % (no debt) to 100 % (debt equals assets), filled to the
 * risk ratio, with the call and liquidation lines where the ratio meets
 * those levels. Positions in percent of the bar, for CSS.
 */
export function riskGauge(account: RiskFigures): {
  fill: number;
  callAt: number | null;
  liquidationAt: number | null;
} {
  return {
    fill: percentOf(toDecimal(account.riskRatio) ?? new Decimal(0)) ?? 0,
    callAt: percentOf(ratioAtLevel(account.callLevel)),
    liquidationAt: percentOf(ratioAtLevel(account.liquidationLevel)),
  };
}
