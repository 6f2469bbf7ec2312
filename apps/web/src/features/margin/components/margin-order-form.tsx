import {
  Decimal,
  type MarginAccount,
  type MarginAccountRef,
  type OrderSide,
  type SpotMarketInfo,
} from '@quay/core';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMarginMax } from '../../../entities/margin/margin-accounts';
import { useSpotTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatCoinAmount } from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { ApiError } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';
import { useFeedback } from '../../../platform/widgets/feedback';
import { ButtonLink } from '../../../ui/button-link';
import { PercentButtons } from '../../../ui/market/percent-slider';
import { quoteDecimals } from '../../../ui/market/format';
import { OrderField as Field } from '../../../ui/market/order-field';
import {
  applyPercent,
  draftComplete,
  draftProblem,
  orderOf,
  payingCoin,
  totalOf,
  type OrderDraft,
} from '../../../ui/market/order-draft';
import {
  OrderProblemText,
  OrderSideTabs,
  OrderTypeTabs,
  useMarketStart,
  useOrderFormPicks,
} from '../../../ui/market/order-form-parts';
import { usePlaceMarginOrder } from '../api/margin';
import { spendable } from '../utils/margin-figures';

export const MARGIN_FORM_ID = 'margin-order-form';

/**
 * A limit or market order on a margin account: sized by amount or a share of
 * what may be spent, which with auto-borrow includes what may still be
 * borrowed; auto-repay pays the order's coin debt from what it brings.
 */
export function MarginOrderForm({
  market,
  account,
  accountRef,
}: {
  market: SpotMarketInfo;
  account: MarginAccount | undefined;
  accountRef: MarginAccountRef;
}) {
  const { t } = useTranslation();
  const loggedIn = useSettings((s) => s.loginFlag);
  const ticker = useSpotTicker(market.symbol);
  const place = usePlaceMarginOrder();
  const feedback = useFeedback();
  const location = useLocation();
  const localePath = useLocalePath();
  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<'limit' | 'market'>('limit');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [autoRepay, setAutoRepay] = useState(false);
  const [touched, setTouched] = useState(false);

  const coin = payingCoin(side, market);
  const maxBorrow = useMarginMax('borrow', loggedIn ? accountRef : null, coin);
  const available = loggedIn
    ? (account?.assets.find((a) => a.coin === coin)?.available ?? '0')
    : null;
  const canSpend =
    available === null ? null : spendable(available, autoBorrow, maxBorrow.data?.amount);
  const top = { bestBid: ticker?.bestBid ?? '', bestAsk: ticker?.bestAsk ?? '' };
  const draft: OrderDraft = {
    side,
    type,
    price,
    quantity,
    quoteAmount: '',
    marketBuyBy: 'quantity',
  };
  const totalDecimals = quoteDecimals(market.pricePrecision);

  useMarketStart(market.symbol, ticker?.last, setPrice);

  useOrderFormPicks((picked) => {
    setType('limit');
    setPrice(cleanNumericInput(picked, market.pricePrecision));
  }, setSide);

  const problem = touched ? draftProblem(draft, canSpend, market, top) : null;
  const complete = draftComplete(draft);
  const total = type === 'limit' ? totalOf(price, quantity) : null;

  const onPercent = (percent: number) => {
    if (canSpend === null) return;
    setTouched(true);
    setQuantity(applyPercent(draft, percent, canSpend, market, top, totalDecimals).quantity);
  };

  const submit = async () => {
    setTouched(true);
    if (!complete || draftProblem(draft, canSpend, market, top)) return;
    try {
      await place.mutateAsync({
        ...orderOf(draft, market.symbol),
        mode: accountRef.mode,
        autoBorrow,
        autoRepay,
      });
      feedback.message.success(t('spot.orderPlaced'));
      setQuantity('');
      setTouched(false);
    } catch (error) {
      feedback.message.error(error instanceof ApiError ? error.msg : t('spot.orderFailed'));
    }
  };

  return (
    <div className={`order-form side-${side}`} data-testid="margin-order-form" id={MARGIN_FORM_ID}>
      <OrderSideTabs side={side} onSide={setSide} testIdPrefix="margin-side" />
      <OrderTypeTabs
        types={['limit', 'market'] as const}
        type={type}
        onType={setType}
        testIdPrefix="margin-type"
      />
      <div className="order-available">
        <span className="muted">{t('spot.available')}</span>
        <span data-testid="margin-available">
          <bdi dir="ltr">{available === null ? '--' : formatCoinAmount(available, coin)}</bdi>{' '}
          {coin}
        </span>
      </div>
      {autoBorrow && loggedIn ? (
        <div className="order-available">
          <span className="muted">{t('margin.maxBorrowable')}</span>
          <span data-testid="margin-form-max-borrow">
            <bdi dir="ltr">{formatCoinAmount(maxBorrow.data?.amount ?? '0', coin)}</bdi> {coin}
          </span>
        </div>
      ) : null}
      <Field
        label={t('spot.price')}
        unit={market.quote}
        value={type === 'limit' ? price : ''}
        placeholder={type === 'market' ? t('spot.marketPrice') : undefined}
        disabled={type === 'market'}
        onChange={(raw) => {
          setTouched(true);
          setPrice(cleanNumericInput(raw, market.pricePrecision));
        }}
        testId="margin-price"
      />
      <Field
        label={t('spot.amount')}
        unit={market.base}
        value={quantity}
        onChange={(raw) => {
          setTouched(true);
          setQuantity(cleanNumericInput(raw, market.quantityPrecision));
        }}
        testId="margin-quantity"
      />
      <PercentButtons onPick={onPercent} disabled={!loggedIn} testIdPrefix="margin-percent" />
      {type === 'limit' ? (
        <div className="order-available">
          <span className="muted">{t('spot.total')}</span>
          <bdi dir="ltr" data-testid="margin-total">
            {total ? `${total.toFixed(totalDecimals, Decimal.ROUND_DOWN)} ${market.quote}` : '--'}
          </bdi>
        </div>
      ) : null}
      <div className="margin-auto">
        <Checkbox
          checked={autoBorrow}
          onChange={(e) => setAutoBorrow(e.target.checked)}
          data-testid="margin-auto-borrow"
        >
          {t('margin.autoBorrow')}
        </Checkbox>
        <Checkbox
          checked={autoRepay}
          onChange={(e) => setAutoRepay(e.target.checked)}
          data-testid="margin-auto-repay"
        >
          {t('margin.autoRepay')}
        </Checkbox>
      </div>
      <OrderProblemText
        problem={problem}
        market={market}
        totalDecimals={totalDecimals}
        insufficient={t(autoBorrow ? 'margin.errorOverBorrow' : 'margin.errorInsufficient', {
          coin,
        })}
        testId="margin-order-error"
      />
      {loggedIn ? (
        <Button
          block
          size="large"
          data-testid="margin-submit"
          className={`order-submit order-submit-${side}`}
          disabled={touched && (!complete || problem !== null)}
          loading={place.isPending}
          onClick={() => void submit()}
        >
          {t(`margin.${side}Coin`, { coin: market.base })}
        </Button>
      ) : (
        <ButtonLink
          block
          type="primary"
          size="large"
          data-testid="margin-login"
          to={`${localePath('/login')}?redirect=${encodeURIComponent(location.pathname)}`}
        >
          {t('spot.logIn')}
        </ButtonLink>
      )}
    </div>
  );
}
