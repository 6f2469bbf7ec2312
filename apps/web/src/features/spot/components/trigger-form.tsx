/**
 * The spot order form's Trigger tab: a trigger price on the last or the mark
 * price, then a limit or market order of an amount. Nothing is frozen until
 * the trigger is crossed; the server places the order then. Also the TP/SL
 * fields a limit or market order may carry.
 */
import type { OrderSide, SpotMarketInfo, SpotOrderType, SpotTriggerBy } from '@quay/core';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { ApiError } from '../../../platform/request/client';
import { useFeedback } from '../../../platform/widgets/feedback';
import { useSpotTicker } from '../../../entities/markets/tickers';
import { OrderField as Field } from '../../../ui/market/order-field';
import { useMarketStart } from '../../../ui/market/order-form-parts';
import { usePlacePlan } from '../api/plans';
import './trigger-form.css';

/** A row of choice chips (radio buttons). */
function Chips<K extends string>({
  label,
  options,
  value,
  onChange,
  text,
  testId,
}: {
  label: string;
  options: readonly K[];
  value: K;
  onChange: (value: K) => void;
  text: (value: K) => string;
  testId: string;
}) {
  return (
    <div className="order-tif" role="radiogroup" aria-label={label}>
      <span className="muted order-chips-label">{label}</span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          className={`chip ${value === option ? 'active' : ''}`}
          onClick={() => onChange(option)}
          data-testid={`${testId}-${option}`}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}

export function TriggerForm({
  market,
  side,
  loggedIn,
}: {
  market: SpotMarketInfo;
  side: OrderSide;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const ticker = useSpotTicker(market.symbol);
  const place = usePlacePlan();
  const [triggerPrice, setTriggerPrice] = useState('');
  const [triggerBy, setTriggerBy] = useState<SpotTriggerBy>('last');
  const [type, setType] = useState<SpotOrderType>('market');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');

  useMarketStart(market.symbol, ticker?.last, (last) => {
    setTriggerPrice(last);
    setPrice(last);
    setQuantity('');
  });

  const priceInput = (set: (v: string) => void) => (raw: string) =>
    set(cleanNumericInput(raw, market.pricePrecision));
  const complete = triggerPrice !== '' && quantity !== '' && (type === 'market' || price !== '');

  const submit = async () => {
    if (!complete) return;
    try {
      await place.mutateAsync({
        symbol: market.symbol,
        side,
        triggerPrice,
        triggerBy,
        type,
        quantity,
        ...(type === 'limit' ? { price } : {}),
      });
      feedback.message.success(t('spot.triggerPlaced'));
      setQuantity('');
    } catch (error) {
      feedback.message.error(error instanceof ApiError ? error.msg : t('spot.orderFailed'));
    }
  };

  return (
    <>
      <Field
        label={t('spot.triggerPrice')}
        unit={market.quote}
        value={triggerPrice}
        onChange={priceInput(setTriggerPrice)}
        testId="trigger-price"
      />
      <Chips
        label={t('spot.triggerByTitle')}
        options={['last', 'mark'] as const}
        value={triggerBy}
        onChange={setTriggerBy}
        text={(by) => t(`spot.triggerBy.${by}`)}
        testId="trigger-by"
      />
      <Chips
        label={t('spot.type')}
        options={['market', 'limit'] as const}
        value={type}
        onChange={setType}
        text={(k) => t(`spot.${k}`)}
        testId="trigger-type"
      />
      {type === 'limit' ? (
        <Field
          label={t('spot.price')}
          unit={market.quote}
          value={price}
          onChange={priceInput(setPrice)}
          testId="trigger-order-price"
        />
      ) : (
        <Field
          label={t('spot.price')}
          unit={market.quote}
          value=""
          placeholder={t('spot.marketPrice')}
          disabled
          testId="trigger-order-price"
        />
      )}
      <Field
        label={t('spot.amount')}
        unit={market.base}
        value={quantity}
        onChange={(raw) => setQuantity(cleanNumericInput(raw, market.quantityPrecision))}
        testId="trigger-quantity"
      />
      <p className="muted order-trigger-note">{t('spot.triggerNote')}</p>
      {loggedIn ? (
        <Button
          block
          size="large"
          className={`order-submit order-submit-${side}`}
          loading={place.isPending}
          disabled={!complete}
          onClick={() => void submit()}
          data-testid="trigger-submit"
        >
          {t(side === 'buy' ? 'spot.buyCoin' : 'spot.sellCoin', { coin: market.base })}
        </Button>
      ) : null}
    </>
  );
}

/** Take-profit and stop-loss prices on a limit or market order, behind a checkbox. */
export function TpSlFields({
  market,
  value,
  onChange,
}: {
  market: SpotMarketInfo;
  value: { on: boolean; tp: string; sl: string };
  onChange: (value: { on: boolean; tp: string; sl: string }) => void;
}) {
  const { t } = useTranslation();
  const clean = (raw: string) => cleanNumericInput(raw, market.pricePrecision);
  return (
    <div className="order-tpsl">
      <Checkbox
        checked={value.on}
        onChange={(e) => onChange({ ...value, on: e.target.checked })}
        data-testid="order-tpsl"
      >
        {t('spot.tpsl')}
      </Checkbox>
      {value.on ? (
        <>
          <Field
            label={t('spot.takeProfit')}
            unit={market.quote}
            value={value.tp}
            onChange={(raw) => onChange({ ...value, tp: clean(raw) })}
            testId="order-take-profit"
          />
          <Field
            label={t('spot.stopLoss')}
            unit={market.quote}
            value={value.sl}
            onChange={(raw) => onChange({ ...value, sl: clean(raw) })}
            testId="order-stop-loss"
          />
        </>
      ) : null}
    </div>
  );
}

/** The TP/SL fields as an order body's part. */
export function tpslBody(value: { on: boolean; tp: string; sl: string }) {
  if (!value.on) return {};
  return {
    ...(value.tp ? { takeProfitPrice: value.tp } : {}),
    ...(value.sl ? { stopLossPrice: value.sl } : {}),
  };
}
