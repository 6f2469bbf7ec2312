import {
  Decimal,
  safeDivide,
  toDecimal,
  type OrderSide,
  type SpotMarketInfo,
  type SpotOrderType,
  type SpotTimeInForce,
} from '@quay/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { ApiError } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';
import { useFeedback } from '../../../platform/widgets/feedback';
import { ButtonLink } from '../../../ui/button-link';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useSpotTicker } from '../../../entities/markets/tickers';
import { usePlaceOrder } from '../api/orders';
import { TpSlFields, TriggerForm, tpslBody } from './trigger-form';
import {
  OrderProblemText,
  OrderSideTabs,
  OrderTypeTabs,
  useMarketStart,
  useOrderFormPicks,
} from '../../../ui/market/order-form-parts';
import { quoteDecimals } from '../../../ui/market/format';
import {
  formatCoinAmount,
  formatLimit,
  formatPrice,
} from '../../../platform/numbers/number-format';
import { OrderField as Field } from '../../../ui/market/order-field';
import { PriceBandNote } from '../../../ui/market/price-band-note';
import {
  applyPercent,
  draftComplete,
  draftNotional,
  draftProblem,
  orderOf,
  payingCoin,
  quantityForTotal,
  totalOf,
  type MarketBuyBy,
  type OrderDraft,
  TIME_IN_FORCE,
} from '../../../ui/market/order-draft';
import { PercentButtons, PercentSlider } from '../../../ui/market/percent-slider';

/**
 * Limit and market orders, buy and sell, sized by amount, total or a share
 * of the available balance; the minimum order value and the balance are
 * checked as the user types. Logged out, it offers login and registration.
 */
export function OrderForm({ market }: { market: SpotMarketInfo }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const loggedIn = useSettings((s) => s.loginFlag);
  const feedback = useFeedback();
  const ticker = useSpotTicker(market.symbol);
  const { data: balances } = useSpotBalances();
  const place = usePlaceOrder();

  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<SpotOrderType>('limit');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [quoteAmount, setQuoteAmount] = useState('');
  const [marketBuyBy, setMarketBuyBy] = useState<MarketBuyBy>('quantity');
  const [timeInForce, setTimeInForce] = useState<SpotTimeInForce>('GTC');
  /** The total as typed; null while it follows price x amount. */
  const [totalInput, setTotalInput] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  /** The Trigger tab is open (its own form; the limit and market tabs keep their drafts). */
  const [trigger, setTrigger] = useState(false);
  const [tpsl, setTpsl] = useState({ on: false, tp: '', sl: '' });

  const totalDecimals = quoteDecimals(market.pricePrecision);
  const top = { bestBid: ticker?.bestBid ?? '', bestAsk: ticker?.bestAsk ?? '' };
  const draft: OrderDraft = {
    side,
    type,
    price,
    quantity,
    quoteAmount,
    marketBuyBy,
    timeInForce,
  };
  const coin = payingCoin(side, market);
  const balance = loggedIn ? balances?.find((b) => b.coin === coin) : undefined;
  const available = loggedIn ? (balance?.available ?? '0') : null;

  // A new market starts empty, with its last price in the price field.
  useMarketStart(market.symbol, ticker?.last, (last) => {
    setPrice(last);
    setQuantity('');
    setQuoteAmount('');
    setTotalInput(null);
    setTouched(false);
  });

  // Prices picked in the book or the trades, and the side asked for by the narrow screen's bar.
  useOrderFormPicks((picked) => {
    setType('limit');
    setPrice(cleanNumericInput(picked, market.pricePrecision));
    setTotalInput(null);
  }, setSide);

  const total = totalOf(price, quantity);
  const totalShown = totalInput ?? (total ? total.toFixed(totalDecimals, Decimal.ROUND_DOWN) : '');

  const onPrice = (raw: string) => {
    setTouched(true);
    const next = cleanNumericInput(raw, market.pricePrecision);
    setPrice(next);
    if (totalInput !== null) setQuantity(quantityForTotal(totalInput, next, market.lotSize));
  };
  const onQuantity = (raw: string) => {
    setTouched(true);
    setQuantity(cleanNumericInput(raw, market.quantityPrecision));
    setTotalInput(null);
  };
  const onTotal = (raw: string) => {
    setTouched(true);
    const next = cleanNumericInput(raw, totalDecimals);
    setTotalInput(next);
    setQuantity(quantityForTotal(next, price, market.lotSize));
  };
  const onQuote = (raw: string) => {
    setTouched(true);
    setQuoteAmount(cleanNumericInput(raw, totalDecimals));
  };
  const onPercent = (percent: number) => {
    if (available === null) return;
    setTouched(true);
    const sized = applyPercent(draft, percent, available, market, top, totalDecimals);
    setQuantity(sized.quantity);
    setQuoteAmount(sized.quoteAmount);
    setTotalInput(null);
  };

  // The slider shows how much of the balance the draft uses (a position on screen, not money).
  const used = side === 'sell' ? toDecimal(quantity) : draftNotional({ ...draft }, top);
  const percent =
    available && used
      ? Math.min(100, Math.max(0, safeDivide(used, available).times(100).toNumber()))
      : 0;

  const problem = touched ? draftProblem(draft, available, market, top) : null;
  const complete = draftComplete(draft);

  const submit = async () => {
    setTouched(true);
    if (!complete || draftProblem(draft, available, market, top)) return;
    try {
      await place.mutateAsync({ ...orderOf(draft, market.symbol), ...tpslBody(tpsl) });
      feedback.message.success(t('spot.orderPlaced'));
      setQuantity('');
      setQuoteAmount('');
      setTotalInput(null);
      setTouched(false);
    } catch (error) {
      feedback.message.error(error instanceof ApiError ? error.msg : t('spot.orderFailed'));
    }
  };

  const isMarketBuyByQuote = type === 'market' && side === 'buy' && marketBuyBy === 'quote';
  const maxText = (() => {
    if (!available) return null;
    if (side === 'sell')
      return `${formatLimit(available, market.quantityPrecision)} ${market.base}`;
    const p = type === 'limit' ? toDecimal(price) : toDecimal(top.bestAsk);
    if (!p || p.isZero()) return null;
    return `${formatLimit(safeDivide(available, p), market.quantityPrecision)} ${market.base}`;
  })();

  return (
    <div className={`order-form side-${side}`} data-testid="order-form" id="spot-order-form">
      <OrderSideTabs side={side} onSide={setSide} testIdPrefix="order-side" />
      <OrderTypeTabs
        types={['limit', 'market', 'trigger'] as const}
        type={trigger ? 'trigger' : type}
        onType={(k) => {
          setTrigger(k === 'trigger');
          if (k !== 'trigger') setType(k);
          setTotalInput(null);
        }}
        testIdPrefix="order-type"
      />
      {trigger ? (
        <TriggerForm market={market} side={side} loggedIn={loggedIn} />
      ) : (
        <>
          {type === 'market' ? (
            <PriceBandNote rate={market.marketPriceBandRate} noteKey="spot.priceBandNote" />
          ) : null}

          <div className="order-available">
            <span className="muted">{t('spot.available')}</span>
            <span className="order-available-value" data-testid="order-available">
              <bdi dir="ltr">{available === null ? '--' : formatCoinAmount(available, coin)}</bdi>{' '}
              {coin}
            </span>
          </div>

          {type === 'limit' ? (
            <Field
              label={t('spot.price')}
              unit={market.quote}
              value={price}
              onChange={onPrice}
              testId="order-price"
            />
          ) : (
            <Field
              label={t('spot.price')}
              unit={market.quote}
              value=""
              placeholder={t('spot.marketPrice')}
              disabled
              testId="order-price"
            />
          )}

          {type === 'market' && side === 'buy' ? (
            <div className="order-buy-by" role="radiogroup" aria-label={t('spot.buyBy')}>
              {(['quantity', 'quote'] as const).map((by) => (
                <button
                  key={by}
                  type="button"
                  role="radio"
                  aria-checked={marketBuyBy === by}
                  className={`chip ${marketBuyBy === by ? 'active' : ''}`}
                  onClick={() => {
                    setMarketBuyBy(by);
                    setQuantity('');
                    setQuoteAmount('');
                  }}
                  data-testid={`order-buy-by-${by}`}
                >
                  {by === 'quantity' ? t('spot.amount') : t('spot.total')}
                </button>
              ))}
            </div>
          ) : null}

          {isMarketBuyByQuote ? (
            <Field
              label={t('spot.total')}
              unit={market.quote}
              value={quoteAmount}
              onChange={onQuote}
              testId="order-quote-amount"
            />
          ) : (
            <Field
              label={t('spot.amount')}
              unit={market.base}
              value={quantity}
              onChange={onQuantity}
              testId="order-quantity"
            />
          )}

          <div className="order-slider">
            <PercentSlider
              value={percent}
              label={isMarketBuyByQuote ? t('spot.total') : t('spot.amount')}
              disabled={!loggedIn}
              onChange={onPercent}
            />
            <PercentButtons onPick={onPercent} disabled={!loggedIn} testIdPrefix="order-percent" />
          </div>

          {type === 'limit' ? (
            <Field
              label={t('spot.total')}
              unit={market.quote}
              value={totalShown}
              onChange={onTotal}
              testId="order-total"
            />
          ) : null}

          {type === 'limit' ? (
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
                  data-testid={`order-tif-${tif}`}
                >
                  {t(`spot.tif.${tif}`)}
                </button>
              ))}
            </div>
          ) : null}

          <div className="order-meta">
            {maxText ? (
              <span>
                <span className="muted">
                  {side === 'buy' ? t('spot.maxBuy') : t('spot.maxSell')}
                </span>{' '}
                <bdi dir="ltr">{maxText}</bdi>
              </span>
            ) : null}
            <span>
              <span className="muted">{t('spot.minOrder')}</span>{' '}
              <bdi dir="ltr">
                {formatPrice(market.minNotional, totalDecimals)} {market.quote}
              </bdi>
            </span>
          </div>

          <TpSlFields market={market} value={tpsl} onChange={setTpsl} />

          <OrderProblemText
            problem={problem}
            market={market}
            totalDecimals={totalDecimals}
            insufficient={t('spot.errorInsufficient', { coin })}
            testId="order-error"
          />

          {loggedIn ? (
            <Button
              block
              size="large"
              className={`order-submit order-submit-${side}`}
              loading={place.isPending}
              disabled={touched && (!complete || problem !== null)}
              onClick={() => void submit()}
              data-testid="order-submit"
            >
              {t(side === 'buy' ? 'spot.buyCoin' : 'spot.sellCoin', { coin: market.base })}
            </Button>
          ) : null}
        </>
      )}
      {loggedIn ? null : (
        <div className="order-auth">
          <ButtonLink
            type="primary"
            size="large"
            block
            to={`${localePath('/login')}?redirect=${encodeURIComponent(location.pathname)}`}
            data-testid="order-login"
          >
            {t('spot.logIn')}
          </ButtonLink>
          <ButtonLink size="large" block to={localePath('/register')} data-testid="order-register">
            {t('spot.register')}
          </ButtonLink>
        </div>
      )}
      <div className="order-fees muted">
        {t('spot.fees', {
          maker: formatFeeRate(market.makerFeeRate),
          taker: formatFeeRate(market.takerFeeRate),
        })}
      </div>
    </div>
  );
}

/** A fee rate as a percentage, isolated left-to-right so an Arabic sentence keeps its % after the digits. */
function formatFeeRate(rate: string): string {
  const d = toDecimal(rate);
  return d ? `\u2066${d.times(100).toDecimalPlaces(4).toString()}%\u2069` : '--';
}
