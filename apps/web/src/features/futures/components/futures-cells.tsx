import { FUTURES_COIN, pairOfPerp } from '@quay/core';
import { signedCoinAmount } from '../../../platform/numbers/number-format';
import type { ReactNode } from 'react';

/** Long or short, for a position side (1 long, 2 short). */
export const sideText = (side: number, t: (k: string) => string) =>
  side === 1 ? t('futures.long') : t('futures.short');

/** A signed amount in the margin coin: green and with a plus when above zero, red below. */
export function Signed({
  value,
  coin = FUTURES_COIN,
  testId,
}: {
  value: string;
  coin?: string;
  testId?: string;
}) {
  const { text, trend } = signedCoinAmount(value, coin);
  const tone = trend === 'rise' ? 'up' : trend === 'fall' ? 'down' : 'flat';
  return (
    <span className={`tone-${tone}`} data-testid={testId}>
      <bdi dir="ltr">{text}</bdi>
    </span>
  );
}

/** The pair a perpetual stands for (a demo one by its real name), and what follows it. */
export function SymbolCell({ symbol, extra }: { symbol: string; extra?: ReactNode }) {
  return (
    <span className="futures-symbol-cell">
      <strong>{pairOfPerp(symbol).replace(/^S(?=[A-Z]+SUSDT$)/, '')}</strong> {extra}
    </span>
  );
}
