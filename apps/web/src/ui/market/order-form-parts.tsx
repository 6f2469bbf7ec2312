/**
 * The pieces every order form of a spot pair has (the spot and the margin
 * screens): the buy and sell tabs, the limit and market tabs, what stops a
 * draft in words, and the book's and the sticky bar's picks reaching the form.
 */
import type { OrderSide, SpotMarketInfo } from '@quay/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../platform/numbers/number-format';
import type { DraftProblem } from './order-draft';
import { useOrderFormBridge } from './order-form-bridge';

export function OrderSideTabs({
  side,
  onSide,
  testIdPrefix,
}: {
  side: OrderSide;
  onSide: (side: OrderSide) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="order-sides" role="tablist">
      {(['buy', 'sell'] as const).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={side === s}
          className={`order-side order-side-${s} ${side === s ? 'active' : ''}`}
          onClick={() => onSide(s)}
          data-testid={`${testIdPrefix}-${s}`}
        >
          {t(`spot.${s}`)}
        </button>
      ))}
    </div>
  );
}

export function OrderTypeTabs<K extends 'limit' | 'market' | 'trigger'>({
  types,
  type,
  onType,
  testIdPrefix,
}: {
  types: readonly K[];
  type: K;
  onType: (type: K) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="order-types" role="tablist">
      {types.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={type === k}
          className={`text-tab ${type === k ? 'active' : ''}`}
          onClick={() => onType(k)}
          data-testid={`${testIdPrefix}-${k}`}
        >
          {t(`spot.${k}`)}
        </button>
      ))}
    </div>
  );
}

/** What stops the draft, in words: the minimum order value, or the balance (`insufficient` says it). */
export function OrderProblemText({
  problem,
  market,
  totalDecimals,
  insufficient,
  testId,
}: {
  problem: DraftProblem | null;
  market: Pick<SpotMarketInfo, 'minNotional' | 'quote'>;
  totalDecimals: number;
  insufficient: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="order-error" role="alert" data-testid={testId}>
      {problem === 'minNotional'
        ? t('spot.errorMinNotional', {
            value: formatPrice(market.minNotional, totalDecimals),
            coin: market.quote,
          })
        : null}
      {problem === 'insufficient' ? insufficient : null}
    </div>
  );
}

/** Hands the form a price picked in the book or the trades, and a side asked for by the sticky bar. */
export function useOrderFormPicks(
  onPrice: (price: string) => void,
  onSide: (side: OrderSide) => void,
): void {
  const latest = useRef({ onPrice, onSide });
  useEffect(() => {
    latest.current = { onPrice, onSide };
  });
  useEffect(
    () =>
      useOrderFormBridge.subscribe((state, previous) => {
        if (state.picked && state.picked !== previous.picked) {
          latest.current.onPrice(state.picked.price);
        }
        if (state.requestedSide && state.requestedSide !== previous.requestedSide) {
          latest.current.onSide(state.requestedSide.side);
        }
      }),
    [],
  );
}

/** Once per market, when its last price is first known: a new market's form starts from it. */
export function useMarketStart(
  symbol: string,
  last: string | undefined,
  onStart: (last: string) => void,
) {
  const started = useRef<string | null>(null);
  const latest = useRef(onStart);
  useEffect(() => {
    latest.current = onStart;
  });
  useEffect(() => {
    if (started.current === symbol || !last) return;
    started.current = symbol;
    latest.current(last);
  }, [symbol, last]);
}
