import {
  Decimal,
  cleanNumericInput,
  formatAmount,
  toDecimal,
  TRAILING_CALLBACK_DECIMALS,
  TRAILING_CALLBACK_MAX,
  TRAILING_CALLBACK_MIN,
  type FuturesTimeInForce,
  type MarginMode,
  type PerpMarketInfo,
  type PositionMode,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';
import { SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Modal, Radio, Slider, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useFeedback } from '../../../platform/widgets/feedback';
import { ButtonLink } from '../../../ui/button-link';
import { useOrderFormBridge } from '../../../ui/market/order-form-bridge';
import { OrderField as Field } from '../../../ui/market/order-field';
import { useMark } from '../../../entities/markets/mark';
import { usePerpTicker } from '../../../entities/markets/tickers';
import {
  usePlaceOrder,
  usePlacePlan,
  useSetLeverage,
  useSetMarginMode,
  useSetPositionMode,
  useSymbolSettings,
} from '../api/futures';
import { useMyFutures } from '../hooks/use-my-futures';
import {
  TRAILING_QUICK_RATES,
  callbackRateValid,
  maxOpen,
  openCost,
  quantityForPercent,
  trailingStopBody,
  trailingStopPreview,
} from '../utils/futures-form';
import './futures-trailing.css';

const TIME_IN_FORCE: FuturesTimeInForce[] = ['GTC', 'POST_ONLY', 'IOC', 'FOK'];
const ORDER_KINDS = ['limit', 'market', 'trigger', 'trailing'] as const;
type OrderKind = (typeof ORDER_KINDS)[number];
const MARKS = { 0: '', 25: '', 50: '', 75: '', 100: '' };

/** The largest notional a leverage may hold under the tiers. */
export function notionalCapAt(market: PerpMarketInfo, leverage: number): string {
  let cap = '0';
  for (const tier of market.tiers) if (tier.maxLeverage >= leverage) cap = tier.maxNotional;
  return cap;
}

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.msg || fallback : fallback;
}

/** The futures order form: margin mode, leverage, position mode, open and close, limit, market, trigger and trailing stop orders, TP/SL at entry. */
export function FuturesOrderForm({ market }: { market: PerpMarketInfo }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const localePath = useLocalePath();
  const location = useLocation();
  const { loggedIn, account, positions } = useMyFutures();
  const settings = useSymbolSettings(market.symbol);
  const mark = useMark(market.symbol);
  const ticker = usePerpTicker(market.symbol);
  const place = usePlaceOrder();
  const placePlan = usePlacePlan();
  const setLeverage = useSetLeverage();
  const setMarginMode = useSetMarginMode();
  const setPositionMode = useSetPositionMode();

  const [tab, setTab] = useState<'open' | 'close'>('open');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [triggerPrice, setTriggerPrice] = useState('');
  const [triggerBy, setTriggerBy] = useState<TriggerPriceType>('mark');
  const [callbackRate, setCallbackRate] = useState('1');
  const [activationPrice, setActivationPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [percent, setPercent] = useState(0);
  const [timeInForce, setTimeInForce] = useState<FuturesTimeInForce>('GTC');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [withTpSl, setWithTpSl] = useState(false);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [dialog, setDialog] = useState<'leverage' | 'margin' | 'mode' | null>(null);
  const [leverageDraft, setLeverageDraft] = useState(20);

  const positionMode: PositionMode = settings.data?.positionMode ?? 1;
  const marginMode: MarginMode = settings.data?.marginMode ?? 2;
  const leverage = settings.data?.longLeverage ?? 20;
  const hedge = positionMode === 2;
  /** Trigger and trailing stop orders wait on the server as plans. */
  const planned = kind === 'trigger' || kind === 'trailing';
  const available = account.data?.availableBalance ?? '0';
  const refPrice =
    kind === 'limit' && toDecimal(price) ? price : ticker?.last || mark?.markPrice || '';

  // A price picked in the book or the trades fills the limit price.
  useEffect(
    () =>
      useOrderFormBridge.subscribe((state, previous) => {
        if (state.picked && state.picked !== previous.picked) {
          setKind('limit');
          setPrice(cleanNumericInput(state.picked.price, market.pricePrecision));
        }
      }),
    [market.pricePrecision],
  );

  const onPercent = (p: number) => {
    setPercent(p);
    if (tab === 'close') {
      const held = positions.data?.find((x) => x.symbol === market.symbol);
      const size = toDecimal(held?.count) ?? new Decimal(0);
      setQuantity(
        size
          .times(p)
          .div(100)
          .toDecimalPlaces(market.quantityPrecision, Decimal.ROUND_DOWN)
          .toFixed(),
      );
      return;
    }
    setQuantity(
      refPrice
        ? quantityForPercent(
            p,
            available,
            refPrice,
            leverage,
            market.takerFeeRate,
            market.quantityPrecision,
          )
        : '',
    );
  };

  const cost = openCost(refPrice, quantity, leverage, market.takerFeeRate);
  const most = refPrice
    ? maxOpen(available, refPrice, leverage, market.takerFeeRate, market.quantityPrecision)
    : '0';

  const submit = async (side: 'buy' | 'sell') => {
    const positionSide: PositionSide | undefined = hedge
      ? tab === 'open'
        ? side === 'buy'
          ? 1
          : 2
        : side === 'buy'
          ? 2
          : 1
      : undefined;
    const closing = tab === 'close';
    if (kind === 'trailing' && !callbackRateValid(callbackRate)) {
      feedback.message.error(
        t('futures.callbackRateInvalid', {
          min: TRAILING_CALLBACK_MIN,
          max: TRAILING_CALLBACK_MAX,
        }),
      );
      return;
    }
    try {
      if (kind === 'trailing') {
        await placePlan.mutateAsync(
          trailingStopBody({
            symbol: market.symbol,
            side,
            positionSide,
            callbackRate,
            activationPrice: toDecimal(activationPrice) ? activationPrice : '',
            triggerBy,
            quantity,
            reduceOnly: !hedge && (closing || reduceOnly),
          }),
        );
      } else if (kind === 'trigger') {
        await placePlan.mutateAsync({
          symbol: market.symbol,
          side,
          ...(positionSide ? { positionSide } : {}),
          triggerPrice,
          triggerBy,
          type: toDecimal(price) ? 'limit' : 'market',
          ...(toDecimal(price) ? { price } : {}),
          quantity,
          ...(!hedge && (closing || reduceOnly) ? { reduceOnly: true } : {}),
        });
      } else {
        await place.mutateAsync({
          symbol: market.symbol,
          side,
          ...(positionSide ? { positionSide } : {}),
          type: kind,
          ...(kind === 'limit' ? { price, timeInForce } : {}),
          quantity,
          ...(!hedge && (closing || reduceOnly) ? { reduceOnly: true } : {}),
          ...(withTpSl && !closing && toDecimal(tp) ? { takeProfitPrice: tp } : {}),
          ...(withTpSl && !closing && toDecimal(sl) ? { stopLossPrice: sl } : {}),
        });
      }
      feedback.message.success(t('futures.orderPlaced'));
      setQuantity('');
      setPercent(0);
    } catch (err) {
      feedback.message.error(errorText(err, t('futures.orderFailed')));
    }
  };

  const saveLeverage = async () => {
    try {
      await setLeverage.mutateAsync({ symbol: market.symbol, leverage: leverageDraft });
      setDialog(null);
    } catch (err) {
      feedback.message.error(errorText(err, t('futures.orderFailed')));
    }
  };
  const saveMarginMode = async (mode: MarginMode) => {
    try {
      await setMarginMode.mutateAsync({ symbol: market.symbol, marginMode: mode });
      setDialog(null);
    } catch (err) {
      feedback.message.error(errorText(err, t('futures.orderFailed')));
    }
  };
  const savePositionMode = async (mode: PositionMode) => {
    try {
      await setPositionMode.mutateAsync({ positionMode: mode });
      setDialog(null);
    } catch (err) {
      feedback.message.error(errorText(err, t('futures.orderFailed')));
    }
  };

  const clean = (raw: string, decimals: number) => cleanNumericInput(raw, decimals);
  const triggerBySelect = (
    <select
      className="futures-trigger-by"
      value={triggerBy}
      onChange={(e) => setTriggerBy(e.target.value as TriggerPriceType)}
      aria-label={t('futures.triggerBy')}
      data-testid="futures-trigger-by"
    >
      <option value="mark">{t('futures.mark')}</option>
      <option value="last">{t('futures.last')}</option>
    </select>
  );
  /** Where a trailing stop's preview starts: the activation price, else the current price. */
  const trailingFrom = toDecimal(activationPrice)
    ? activationPrice
    : (triggerBy === 'last' ? ticker?.last : mark?.markPrice) || '';
  const buyLabel = tab === 'open' ? t('futures.openLong') : t('futures.closeShort');
  const sellLabel = tab === 'open' ? t('futures.openShort') : t('futures.closeLong');
  const busy = place.isPending || placePlan.isPending;

  return (
    <div
      className="order-form futures-form"
      id="futures-order-form"
      data-testid="futures-order-form"
    >
      <div className="futures-form-top">
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => setDialog('margin')}
          data-testid="futures-margin-mode"
        >
          {marginMode === 1 ? t('futures.isolated') : t('futures.cross')}
        </button>
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => {
            setLeverageDraft(leverage);
            setDialog('leverage');
          }}
          data-testid="futures-leverage"
        >
          <bdi dir="ltr">{leverage}x</bdi>
        </button>
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => setDialog('mode')}
          title={t('futures.positionMode')}
          data-testid="futures-position-mode"
        >
          <SettingOutlined /> {hedge ? t('futures.hedgeMode') : t('futures.oneWayMode')}
        </button>
      </div>

      <div className="pane-tabs" role="tablist">
        {(['open', 'close'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`text-tab ${tab === key ? 'active' : ''}`}
            onClick={() => {
              setTab(key);
              setQuantity('');
              setPercent(0);
            }}
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
            onClick={() => setKind(k)}
            data-testid={`futures-type-${k}`}
          >
            {t(`futures.type.${k}`)}
          </button>
        ))}
      </div>

      {kind === 'trigger' ? (
        <>
          <Field
            label={t('futures.triggerPrice')}
            unit={triggerBySelect}
            value={triggerPrice}
            onChange={(v) => setTriggerPrice(clean(v, market.pricePrecision))}
            testId="futures-trigger-price"
          />
          <Field
            label={t('futures.executionPrice')}
            unit={market.quote}
            value={price}
            placeholder={t('futures.marketPrice')}
            onChange={(v) => setPrice(clean(v, market.pricePrecision))}
            testId="futures-price"
          />
        </>
      ) : kind === 'trailing' ? (
        <>
          <Field
            label={t('futures.callbackRate')}
            unit="%"
            value={callbackRate}
            onChange={(v) => setCallbackRate(clean(v, TRAILING_CALLBACK_DECIMALS))}
            testId="futures-callback-rate"
          />
          <div
            className="futures-callback-quick"
            role="group"
            aria-label={t('futures.callbackRate')}
          >
            {TRAILING_QUICK_RATES.map((rate) => (
              <button
                key={rate}
                type="button"
                className={`chip ${callbackRate === rate ? 'active' : ''}`}
                aria-pressed={callbackRate === rate}
                onClick={() => setCallbackRate(rate)}
                data-testid={`futures-callback-${rate}`}
              >
                <bdi dir="ltr">{rate}%</bdi>
              </button>
            ))}
          </div>
          <Field
            label={t('futures.activationPrice')}
            unit={triggerBySelect}
            value={activationPrice}
            placeholder={t('futures.optional')}
            onChange={(v) => setActivationPrice(clean(v, market.pricePrecision))}
            testId="futures-activation-price"
          />
          <p className="muted futures-trailing-hint" data-testid="futures-trailing-hint">
            {t('futures.trailingHint', { rate: `\u2066${callbackRate || '0'}%\u2069` })}
          </p>
          {trailingFrom ? (
            <dl className="futures-form-figures" data-testid="futures-trailing-preview">
              <div>
                <dt>
                  {t('futures.trailingPreview', {
                    price: `\u2066${formatAmount(trailingFrom, market.pricePrecision)}\u2069`,
                  })}
                </dt>
              </div>
              {(['buy', 'sell'] as const).map((side) => (
                <div key={side}>
                  <dt>{t(`futures.${side}`)}</dt>
                  <dd data-testid={`futures-trailing-preview-${side}`}>
                    <bdi dir="ltr">
                      {formatAmount(
                        trailingStopPreview(
                          side,
                          trailingFrom,
                          callbackRate,
                          market.pricePrecision,
                        ),
                        market.pricePrecision,
                      )}
                    </bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      ) : kind === 'limit' ? (
        <Field
          label={t('futures.price')}
          unit={market.quote}
          value={price}
          onChange={(v) => setPrice(clean(v, market.pricePrecision))}
          testId="futures-price"
        />
      ) : (
        <Field
          label={t('futures.price')}
          unit={market.quote}
          value=""
          placeholder={t('futures.marketPrice')}
          disabled
          testId="futures-price"
        />
      )}

      <Field
        label={t('futures.quantity')}
        unit={market.base}
        value={quantity}
        onChange={(v) => {
          setQuantity(clean(v, market.quantityPrecision));
          setPercent(0);
        }}
        testId="futures-quantity"
      />

      <div className="order-slider">
        <Slider
          marks={MARKS}
          step={1}
          value={percent}
          disabled={!loggedIn}
          onChange={onPercent}
          tooltip={{ formatter: (v) => `${v ?? 0}%` }}
        />
      </div>

      {kind === 'limit' ? (
        <div className="order-tif" role="radiogroup" aria-label={t('spot.timeInForce')}>
          {TIME_IN_FORCE.map((tif) => (
            <button
              key={tif}
              type="button"
              role="radio"
              aria-checked={timeInForce === tif}
              title={t(`spot.tifHint.${tif}`)}
              className={`chip ${timeInForce === tif ? 'active' : ''}`}
              onClick={() => setTimeInForce(tif)}
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
              checked={reduceOnly}
              onChange={(e) => setReduceOnly(e.target.checked)}
              data-testid="futures-reduce-only"
            >
              {t('futures.reduceOnly')}
            </Checkbox>
          ) : null}
          {!planned ? (
            <Checkbox
              checked={withTpSl}
              onChange={(e) => setWithTpSl(e.target.checked)}
              data-testid="futures-with-tpsl"
            >
              {t('futures.tpSl')}
            </Checkbox>
          ) : null}
        </div>
      ) : null}
      {withTpSl && tab === 'open' && !planned ? (
        <div className="futures-entry-tpsl">
          <Field
            label={t('futures.takeProfit')}
            unit={market.quote}
            value={tp}
            onChange={(v) => setTp(clean(v, market.pricePrecision))}
            testId="futures-entry-tp"
          />
          <Field
            label={t('futures.stopLoss')}
            unit={market.quote}
            value={sl}
            onChange={(v) => setSl(clean(v, market.pricePrecision))}
            testId="futures-entry-sl"
          />
        </div>
      ) : null}

      <dl className="futures-form-figures">
        <div>
          <dt>{t('futures.available')}</dt>
          <dd data-testid="futures-available">
            <bdi dir="ltr">
              {formatAmount(available, 2)} {market.quote}
            </bdi>
            {loggedIn ? (
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
                  {formatAmount(cost, 2)} {market.quote}
                </bdi>
              </dd>
            </div>
            <div>
              <dt>{t('futures.maxOpen')}</dt>
              <dd data-testid="futures-max-open">
                <bdi dir="ltr">
                  {formatAmount(most, market.quantityPrecision)} {market.base}
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
            {buyLabel}
          </Button>
          <Button
            block
            size="large"
            className="order-submit order-submit-sell"
            loading={busy}
            onClick={() => void submit('sell')}
            data-testid="futures-submit-sell"
          >
            {sellLabel}
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
          maker: `\u2066${new Decimal(market.makerFeeRate).times(100).toFixed()}%\u2069`,
          taker: `\u2066${new Decimal(market.takerFeeRate).times(100).toFixed()}%\u2069`,
        })}
      </div>

      <Modal
        open={dialog === 'leverage'}
        title={t('futures.adjustLeverage')}
        onCancel={() => setDialog(null)}
        onOk={() => void saveLeverage()}
        okText={t('futures.confirm')}
        cancelText={t('futures.cancel')}
        confirmLoading={setLeverage.isPending}
        okButtonProps={{ 'data-testid': 'futures-leverage-save' } as ButtonProps}
      >
        <div className="futures-leverage-dialog" data-testid="futures-leverage-dialog">
          <Input
            value={String(leverageDraft)}
            inputMode="numeric"
            suffix="x"
            dir="ltr"
            onChange={(e) => {
              const n = Number(cleanNumericInput(e.target.value, 0) || '1');
              setLeverageDraft(Math.max(1, Math.min(market.maxLeverage, n)));
            }}
            data-testid="futures-leverage-input"
          />
          <Slider
            min={1}
            max={market.maxLeverage}
            value={leverageDraft}
            onChange={setLeverageDraft}
          />
          <p className="muted">
            {t('futures.maxPositionAt', {
              leverage: leverageDraft,
              value: formatAmount(notionalCapAt(market, leverageDraft), 0),
              coin: market.quote,
            })}
          </p>
        </div>
      </Modal>
      <Modal
        open={dialog === 'margin'}
        title={t('futures.marginMode')}
        onCancel={() => setDialog(null)}
        footer={null}
      >
        <Radio.Group
          value={marginMode}
          onChange={(e) => void saveMarginMode(e.target.value as MarginMode)}
          data-testid="futures-margin-mode-dialog"
        >
          <Radio.Button value={2}>{t('futures.cross')}</Radio.Button>
          <Radio.Button value={1} data-testid="futures-margin-isolated">
            {t('futures.isolated')}
          </Radio.Button>
        </Radio.Group>
        <p className="muted futures-dialog-note">{t('futures.marginModeNote')}</p>
      </Modal>
      <Modal
        open={dialog === 'mode'}
        title={t('futures.positionMode')}
        onCancel={() => setDialog(null)}
        footer={null}
      >
        <Radio.Group
          value={positionMode}
          onChange={(e) => void savePositionMode(e.target.value as PositionMode)}
          data-testid="futures-position-mode-dialog"
        >
          <Radio.Button value={1}>{t('futures.oneWayMode')}</Radio.Button>
          <Radio.Button value={2} data-testid="futures-mode-hedge">
            {t('futures.hedgeMode')}
          </Radio.Button>
        </Radio.Group>
        <p className="muted futures-dialog-note">{t('futures.positionModeNote')}</p>
      </Modal>
    </div>
  );
}
