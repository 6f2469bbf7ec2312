import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { decimalsOfStep, safeDivide, type SpotMarketInfo } from '@quay/core';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { subtract } from '../../platform/numbers/arithmetic';
import { formatPercent, formatPrice, formatQuantity } from '../../platform/numbers/number-format';
import { useDepthBook } from '../../platform/realtime/realtime';
import { AppSelect } from '../../platform/widgets/app-select';
import { useMarketSource } from './market-source';
import { usePriceDirection } from './use-price-direction';
import { useOrderFormBridge } from './order-form-bridge';
import { depthShare, groupLevels, type BookRow } from './depth-grouping';

type BookView = 'both' | 'bids' | 'asks';

function ViewIcon({ view }: { view: BookView }) {
  return (
    <span className={`book-view-icon book-view-${view}`} aria-hidden="true">
      <i />
      <i />
    </span>
  );
}

function Row({
  row,
  side,
  share,
  priceDecimals,
  quantityDecimals,
  onPick,
}: {
  row: BookRow;
  side: 'bids' | 'asks';
  share: number;
  priceDecimals: number;
  quantityDecimals: number;
  onPick: (price: string) => void;
}) {
  return (
    <button
      type="button"
      className={`book-row book-row-${side}`}
      onClick={() => onPick(row.price)}
      data-testid={side === 'bids' ? 'book-buy-row' : 'book-sell-row'}
    >
      <span className="book-bar" style={{ inlineSize: `${(share * 100).toFixed(2)}%` }} />
      <span className="book-price">{formatPrice(row.price, priceDecimals)}</span>
      <span className="book-num">{formatQuantity(row.quantity, quantityDecimals)}</span>
      <span className="book-num">{formatQuantity(row.cumulative, quantityDecimals)}</span>
    </button>
  );
}

/**
 * The live book: asks above, bids below, the last price and the spread in
 * the middle, depth bars by running total, grouped at the market's steps.
 * A click on a row puts its price into the order form.
 */
export function OrderBook({ market, rows = 14 }: { market: SpotMarketInfo; rows?: number }) {
  const { t } = useTranslation();
  const book = useDepthBook(market.symbol);
  const ticker = useMarketSource().useTicker(market.symbol);
  const direction = usePriceDirection(ticker?.last);
  const pickPrice = useOrderFormBridge((s) => s.pickPrice);
  const steps = market.depthSteps.length > 0 ? market.depthSteps : [market.tickSize];
  const [chosenStep, setStep] = useState(steps[0] ?? market.tickSize);
  const step = steps.includes(chosenStep) ? chosenStep : (steps[0] ?? market.tickSize);
  const [view, setView] = useState<BookView>('both');
  const shown = view === 'both' ? rows : rows * 2;

  const bids = useMemo(() => groupLevels(book.bids, step, 'bids', shown), [book.bids, step, shown]);
  const asks = useMemo(() => groupLevels(book.asks, step, 'asks', shown), [book.asks, step, shown]);
  const widest = [bids.at(-1)?.cumulative, asks.at(-1)?.cumulative].reduce(
    (max, c) => (c && (!max || c.gt(max)) ? c : max),
    undefined,
  );
  const priceDecimals = Math.max(0, decimalsOfStep(step));
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  const spreadAbs = bestBid && bestAsk ? subtract(bestAsk, bestBid) : null;
  const spreadValue = spreadAbs ? formatPrice(spreadAbs, market.pricePrecision) : '--';
  const spreadPercent =
    spreadAbs && bestAsk ? formatPercent(safeDivide(spreadAbs, bestAsk).times(100)) : '--';

  const rowProps = {
    priceDecimals,
    quantityDecimals: market.quantityPrecision,
    onPick: pickPrice,
  };

  return (
    <div
      className={`order-book book-${view}`}
      style={{ '--book-rows': rows } as CSSProperties}
      data-testid="order-book"
    >
      <div className="panel-head">
        <h2 className="panel-title">{t('spot.orderBook')}</h2>
        <div className="book-tools">
          {(['both', 'bids', 'asks'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`book-view ${view === v ? 'active' : ''}`}
              aria-pressed={view === v}
              aria-label={t(`spot.bookView.${v}`)}
              title={t(`spot.bookView.${v}`)}
              onClick={() => setView(v)}
            >
              <ViewIcon view={v} />
            </button>
          ))}
          <AppSelect
            size="small"
            value={step}
            onChange={setStep}
            options={steps.map((s) => ({ label: s, value: s }))}
            title={t('spot.grouping')}
            testId="book-grouping"
            className="book-grouping"
            popupMatchSelectWidth={false}
          />
        </div>
      </div>
      <div className="book-columns">
        <span>{t('spot.priceIn', { coin: market.quote })}</span>
        <span>{t('spot.amountIn', { coin: market.base })}</span>
        <span>{t('spot.totalIn', { coin: market.base })}</span>
      </div>
      {view !== 'bids' ? (
        <div className="book-side book-asks">
          {[...asks].reverse().map((row) => (
            <Row
              key={row.price}
              row={row}
              side="asks"
              share={widest ? depthShare(row.cumulative, widest) : 0}
              {...rowProps}
            />
          ))}
        </div>
      ) : null}
      <div className="book-mid">
        <button
          type="button"
          className={`book-last tone-${direction ?? 'flat'}`}
          data-testid="book-last"
          onClick={() => ticker?.last && pickPrice(ticker.last)}
        >
          {formatPrice(ticker?.last, market.pricePrecision)}
          {direction === 'up' ? <ArrowUpOutlined /> : null}
          {direction === 'down' ? <ArrowDownOutlined /> : null}
        </button>
        <span className="book-spread" title={t('spot.spread')}>
          {t('spot.spread')} <bdi dir="ltr">{spreadValue}</bdi>{' '}
          <bdi dir="ltr">({spreadPercent})</bdi>
        </span>
      </div>
      {view !== 'asks' ? (
        <div className="book-side book-bids">
          {bids.map((row) => (
            <Row
              key={row.price}
              row={row}
              side="bids"
              share={widest ? depthShare(row.cumulative, widest) : 0}
              {...rowProps}
            />
          ))}
        </div>
      ) : null}
      {!book.synced && book.seq === null ? (
        <div className="book-empty">{t('spot.connecting')}</div>
      ) : null}
    </div>
  );
}
