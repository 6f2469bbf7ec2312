import {
  FUTURES_COIN,
  type FuturesPlanStatus,
  type OrderSide,
  type PositionSide,
} from '@quay/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { futuresActionOf, perpPairOf } from '../utils/futures-figures';
import { signedCoinAmount } from '../../../platform/numbers/number-format';

/** `BTCUSDT` with a muted `Perp` beside it. */
export function PerpSymbol({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <span className="record-perp">
      <strong>{perpPairOf(symbol)}</strong>
      <span className="record-muted">{t('futuresRecords.perp')}</span>
    </span>
  );
}

/** Open long / Close short ..., green for a buy and red for a sell. */
export function FuturesActionText({ side, reduceOnly }: { side: OrderSide; reduceOnly: boolean }) {
  const { t } = useTranslation();
  const action = futuresActionOf(side, reduceOnly);
  return (
    <span className={side === 'buy' ? 'record-buy' : 'record-sell'}>
      {t(`futuresRecords.actions.${action}`)}
    </span>
  );
}

export function PositionSideText({ side }: { side: PositionSide }) {
  const { t } = useTranslation();
  return (
    <span className={side === 2 ? 'record-sell' : 'record-buy'}>
      {t(side === 2 ? 'futuresRecords.short' : 'futuresRecords.long')}
    </span>
  );
}

/** A signed change in the margin coin: `+12.30` in green, `-4.00` in red, kept left-to-right. */
export function SignedAmount({ value, coin }: { value: string; coin?: string }) {
  const { text, trend } = signedCoinAmount(value, coin ?? FUTURES_COIN);
  return (
    <bdi dir="ltr" className={`record-pnl record-pnl-${trend}`}>
      {text}
      {coin ? ` ${coin}` : ''}
    </bdi>
  );
}

const PLAN_STATUS_COLOR: Record<FuturesPlanStatus, string> = {
  WAITING: 'processing',
  TRIGGERED: 'success',
  CANCELED: 'default',
  FAILED: 'error',
};

export function PlanStatusTag({ status }: { status: FuturesPlanStatus }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={PLAN_STATUS_COLOR[status]}>
      {t(`futuresRecords.planStatus.${status}`)}
    </Tag>
  );
}
