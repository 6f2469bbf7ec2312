import {
  Decimal,
  toDecimal,
  TRAILING_CALLBACK_MAX,
  TRAILING_CALLBACK_MIN,
  type FuturesTimeInForce,
  type PerpMarketInfo,
} from '@quay/core';
import { SwapOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMark } from '../../../entities/markets/mark';
import { usePerpTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatCoinAmount, formatLimit, formatRate } from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { useFeedback } from '../../../platform/widgets/feedback';
import { ButtonLink } from '../../../ui/button-link';
import { OrderField as Field } from '../../../ui/market/order-field';
import { PercentButtons, PercentSlider } from '../../../ui/market/percent-slider';
import { PriceBandNote } from '../../../ui/market/price-band-note';
import { usePlaceOrder, usePlacePlan } from '../api/futures';
import { useMyFutures } from '../hooks/use-my-futures';
import { useOrderFormState } from '../hooks/use-order-form-state';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { useSymbolMode } from '../hooks/use-symbol-mode';
import { callbackRateValid, maxOpen, openCost, quantityForPercent } from '../utils/futures-form';
import { futuresOrderRequest, isPlanned, ORDER_KINDS } from '../utils/futures-order-request';
import { FuturesPriceFields } from './futures-price-fields';
import { FuturesSettingsBar } from './futures-settings-bar';

const TIME_IN_FORCE: FuturesTimeInForce[] = ['GTC', 'POST_ONLY', 'IOC', 'FOK'];

/** The futures order form: margin mode, leverage, position mode, open and close, limit, market, trigger and trailing stop orders, TP/SL at entry. */
/** The wallet's transfer dialog, spot to futures first, as the app composes it. */
export type TransferDialogSlot = (onClose: () => void) => ReactNode;

export function FuturesOrderForm({
  market,
  transferDialog,
}: {
  market: PerpMarketInfo;
  transferDialog?: TransferDialogSlot;
}) {
  const [transferring, setTransferring] = useState(false);
  const { t } = useTranslation();
  const feedback = useFeedback();
  const run = useRunWithFeedback();
  const localePath = useLocalePath();
  const location = useLocation();
  const { loggedIn, account, positions } = useMyFutures();
  const { leverage, hedge } = useSymbolMode(market.symbol);
  const mark = useMark(market.symbol);
  const ticker = usePerpTicker(market.symbol);
  const place = usePlaceOrder();
  const placePlan = usePlacePlan();
  const [form, dispatch] = useOrderFormState(market);
  const { tab, kind, price, quantity } = form;

  const available = account.data?.availableBalance ?? '0';
  const refPrice =
    kind === 'limit' && toDecimal(price) ? price : ticker?.last || mark?.markPrice || '';
  const cost = openCost(refPrice, quantity, leverage, market.takerFeeRate);
  const most = refPrice
    ? maxOpen(available, refPrice, leverage, market.takerFeeRate, market.quantityPrecision)
    : '0';

  /** The slider: a share of the held size when closing, else of the most that can be opened. */
  const onPercent = (p: number) => {
    if (tab === 'close') {
      const held = positions.data?.find((x) => x.symbol === market.symbol);
      const size = toDecimal(held?.count) ?? new Decimal(0);
      const share = size.times(p).div(100);
      const rounded = share.toDecimalPlaces(market.quantityPrecision, Decimal.ROUND_DOWN);
      dispatch({ type: 'percent', percent: p, quantity: rounded.toFixed() });
      return;
    }
    dispatch({
      type: 'percent',
      percent: p,
      quantity: refPrice
        ? quantityForPercent(
            p,
            available,
            refPrice,
            leverage,
            market.takerFeeRate,
            market.quantityPrecision,
          )
        : '',
    });
  };

  const submit = async (side: 'buy' | 'sell') => {
    if (kind === 'trailing' && !callbackRateValid(form.callbackRate)) {
      feedback.message.error(
        t('futures.callbackRateInvalid', {
          min: TRAILING_CALLBACK_MIN,
          max: TRAILING_CALLBACK_MAX,
        }),
      );
      return;
    }
    const call = futuresOrderRequest(form, side, market.symbol, hedge);
    const placed = await run(
      () => (call.to === 'plan' ? placePlan.mutateAsync(call.body) : place.mutateAsync(call.body)),
      t('futures.orderPlaced'),
    );
    if (placed) dispatch({ type: 'placed' });
  };

  const clean = (raw: string, decimals: number) => cleanNumericInput(raw, decimals);
  const planned = isPlanned(kind);
  const busy = place.isPending || placePlan.isPending;

  return (
    <div
      className="order-form futures-form"
      id="futures-order-form"
      data-testid="futures-order-form"
    >
      <FuturesSettingsBar market={market} loggedIn={loggedIn} />

      <div className="pane-tabs" role="tablist">
        {(['open', 'close'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`text-tab ${tab === key ? 'active' : ''}`}
            onClick={() => dispatch({ type: 'tab', tab: key })}
            data-testid={`futures-tab-${key}`}
          >
            {key === 'open' ? t('futures.open') : t('futures.close')}
          </button>
        ))}
      </div>

      <div className="order-types futures-order-kinds" role="radiogroup">
        {ORDER_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            className={`chip ${kind === k ? 'active' : ''}`}
            onClick={() => dispatch({ type: 'set', patch: { kind: k } })}
            data-testid={`futures-type-${k}`}
          >
            {t(`futures.type.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'market' || kind === 'trailing' ? (
        <PriceBandNote rate={market.marketPriceBandRate} noteKey="futures.priceBandNote" />
      ) : null}

      <FuturesPriceFields
        market={market}
        form={form}
        dispatch={dispatch}
        last={ticker?.last}
        mark={mark?.markPrice}
      />

      <Field
        label={t('futures.quantity')}
        unit={market.base}
        value={quantity}
        onChange={(v) =>
          dispatch({ type: 'quantity', quantity: clean(v, market.quantityPrecision) })
        }
        testId="futures-quantity"
      />

      <div className="order-slider">
        <PercentSlider
          value={form.percent}
          label={t('futures.quantity')}
          disabled={!loggedIn}
          onChange={onPercent}
        />
        <PercentButtons onPick={onPercent} disabled={!loggedIn} testIdPrefix="futures-percent" />
      </div>

      {kind === 'limit' ? (
        <div className="order-tif" role="radiogroup" aria-label={t('spot.timeInForce')}>
          {TIME_IN_FORCE.map((tif) => (
            <button
              key={tif}
              type="button"
              role="radio"
              aria-checked={form.timeInForce === tif}
              title={t(`spot.tifHint.${tif}`)}
              className={`chip ${form.timeInForce === tif ? 'active' : ''}`}
              onClick={() => dispatch({ type: 'set', patch: { timeInForce: tif } })}
              data-testid={`futures-tif-${tif}`}
            >
              {t(`spot.tif.${tif}`)}
            </button>
          ))}
        </div>
      ) : null}

      {tab === 'open' ? (
        <div className="futures-checks">
          {!hedge ? (
            <Checkbox
              checked={form.reduceOnly}
              onChange={(e) => dispatch({ type: 'set', patch: { reduceOnly: e.target.checked } })}
              data-testid="futures-reduce-only"
            >
              {t('futures.reduceOnly')}
            </Checkbox>
          ) : null}
          {!planned ? (
            <Checkbox
              checked={form.withTpSl}
              onChange={(e) => dispatch({ type: 'set', patch: { withTpSl: e.target.checked } })}
              data-testid="futures-with-tpsl"
            >
              {t('futures.tpSl')}
            </Checkbox>
          ) : null}
        </div>
      ) : null}
      {form.withTpSl && tab === 'open' && !planned ? (
        <div className="futures-entry-tpsl">
          <Field
            label={t('futures.takeProfit')}
            unit={market.quote}
            value={form.tp}
            onChange={(v) =>
              dispatch({ type: 'set', patch: { tp: clean(v, market.pricePrecision) } })
            }
            testId="futures-entry-tp"
          />
          <Field
            label={t('futures.stopLoss')}
            unit={market.quote}
            value={form.sl}
            onChange={(v) =>
              dispatch({ type: 'set', patch: { sl: clean(v, market.pricePrecision) } })
            }
            testId="futures-entry-sl"
          />
        </div>
      ) : null}

      <dl className="futures-form-figures">
        <div>
          <dt>{t('futures.available')}</dt>
          <dd data-testid="futures-available">
            <bdi dir="ltr">
              {formatCoinAmount(available, market.quote)} {market.quote}
            </bdi>
            {loggedIn && transferDialog ? (
              <Button
                type="link"
                size="small"
                icon={<SwapOutlined />}
                onClick={() => setTransferring(true)}
                data-testid="futures-transfer-link"
              >
                {t('futures.transfer')}
              </Button>
            ) : loggedIn ? (
              <ButtonLink
                type="link"
                size="small"
                to={localePath('/asset/futures')}
                icon={<SwapOutlined />}
                data-testid="futures-transfer-link"
              >
                {t('futures.transfer')}
              </ButtonLink>
            ) : null}
          </dd>
        </div>
        {tab === 'open' ? (
          <>
            <div>
              <dt>{t('futures.cost')}</dt>
              <dd data-testid="futures-cost">
                <bdi dir="ltr">
                  {formatCoinAmount(cost, market.quote)} {market.quote}
                </bdi>
              </dd>
            </div>
            <div>
              <dt>{t('futures.maxOpen')}</dt>
              <dd data-testid="futures-max-open">
                <bdi dir="ltr">
                  {formatLimit(most, market.quantityPrecision)} {market.base}
                </bdi>
              </dd>
            </div>
          </>
        ) : null}
      </dl>

      {loggedIn ? (
        <div className="futures-submit">
          <Button
            block
            size="large"
            className="order-submit order-submit-buy"
            loading={busy}
            onClick={() => void submit('buy')}
            data-testid="futures-submit-buy"
          >
            {tab === 'open' ? t('futures.openLong') : t('futures.closeShort')}
          </Button>
          <Button
            block
            size="large"
            className="order-submit order-submit-sell"
            loading={busy}
            onClick={() => void submit('sell')}
            data-testid="futures-submit-sell"
          >
            {tab === 'open' ? t('futures.openShort') : t('futures.closeLong')}
          </Button>
        </div>
      ) : (
        <div className="order-auth">
          <ButtonLink
            type="primary"
            size="large"
            block
            to={`${localePath('/login')}?redirect=${encodeURIComponent(location.pathname)}`}
            data-testid="futures-login"
          >
            {t('spot.logIn')}
          </ButtonLink>
          <ButtonLink
            size="large"
            block
            to={localePath('/register')}
            data-testid="futures-register"
          >
            {t('spot.register')}
          </ButtonLink>
        </div>
      )}
      <div className="order-fees muted">
        {t('spot.fees', {
          maker: `\u2066${formatRate(market.makerFeeRate)}\u2069`,
          taker: `\u2066${formatRate(market.takerFeeRate)}\u2069`,
        })}
      </div>
      {transferring && transferDialog ? transferDialog(() => setTransferring(false)) : null}
    </div>
  );
}
