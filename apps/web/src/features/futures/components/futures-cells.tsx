import { formatAmount, pairOfPerp } from '@quay/core';
import type { ReactNode } from 'react';

/** Long or short, for a position side (1 long, 2 short). */
export const sideText = (side: number, t: (k: string) => string) =>
  side === 1 ? t('futures.long') : t('futures.short');

/** A signed amount: green and with a plus when above zero, red below. */
export function Signed({
  value,
  decimals = 2,
  testId,
}: {
  value: string;
  decimals?: number;
  testId?: string;
}) {
  const n = value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : 'flat';
  const text = formatAmount(value, decimals);
  return (
    <span className={`tone-${n}`} data-testid={testId}>
      <bdi dir="ltr">{n === 'up' ? `+${text}` : text}</bdi>
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
