import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { decimalsOfStep, safeDivide, type SpotMarketInfo } from '@quay/core';
import { useId, useMemo, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { subtract } from '../../platform/numbers/arithmetic';
import { formatPercent, formatPrice, formatQuantity } from '../../platform/numbers/number-format';
import { useDepthBook } from '../../platform/realtime/realtime';
import { useMarketSource } from './market-source';
import { usePriceDirection } from './use-price-direction';
import { useOrderFormBridge } from './order-form-bridge';
import { depthShare, groupLevels, type BookRow } from './depth-grouping';
import { BookGrouping } from './book-grouping';

type BookView = 'both' | 'bids' | 'asks';

function ViewIcon({ view }: { view: BookView }) {
  return (
    <span className={`book-view-icon book-view-${view}`} aria-hidden="true">
      <i />
      <i />
    </span>
  );
}

interface RowProps {
  priceDecimals: number;
  quantityDecimals: number;
  onPick: (price: string) => void;
}

/** The keys that move through a side's rows, and where each goes from `at` among `count`. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowUp: (at) => Math.max(0, at - 1),
  ArrowDown: (at, count) => Math.min(count - 1, at + 1),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * One side's rows as a list box: a single tab stop, the arrow keys (Home,
 * End) move through the rows, Enter or Space puts the row's price into the
 * order form as a click does. Rows stay 20 px high, as traders expect of a
 * book; being options of a focusable list, not buttons of their own, they
 * are not 30 tab stops and not 30 small targets.
 */
function BookSide({
  side,
  rows,
  shareOf,
  ...rowProps
}: RowProps & {
  side: 'bids' | 'asks';
  rows: BookRow[];
  shareOf: (row: BookRow) => number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  // The rows change under the cursor: it stays in range. From the keyboard it starts at the spread.
  const active = chosen === null || rows.length === 0 ? null : Math.min(chosen, rows.length - 1);
  const start = side === 'asks' ? rows.length - 1 : 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (rows.length === 0) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      setChosen(active === null ? start : move(active, rows.length));
    } else if ((event.key === 'Enter' || event.key === ' ') && active !== null) {
      event.preventDefault();
      const row = rows[active];
      if (row) rowProps.onPick(row.price);
    }
  };

  return (
    <div
      className={`book-side book-${side}`}
      role="listbox"
      tabIndex={0}
      aria-label={t(`spot.bookSide.${side}`)}
      aria-activedescendant={active === null ? undefined : `${id}-${active}`}
      onKeyDown={onKeyDown}
      onBlur={() => setChosen(null)}
    >
      {rows.map((row, i) => (
        <div
          key={row.price}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={`book-row book-row-${side}${i === active ? ' book-row-active' : ''}`}
          onClick={() => rowProps.onPick(row.price)}
          data-testid={side === 'bids' ? 'book-buy-row' : 'book-sell-row'}
        >
          <span
            className="book-bar"
            style={{ inlineSize: `${(shareOf(row) * 100).toFixed(2)}%` }}
          />
          <span className="book-price">{formatPrice(row.price, rowProps.priceDecimals)}</span>
          <span className="book-num">
            {formatQuantity(row.quantity, rowProps.quantityDecimals)}
          </span>
          <span className="book-num">
            {formatQuantity(row.cumulative, rowProps.quantityDecimals)}
          </span>
        </div>
      ))}
    </div>
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
    shareOf: (row: BookRow) => (widest ? depthShare(row.cumulative, widest) : 0),
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
          <BookGrouping steps={steps} value={step} onChange={setStep} label={t('spot.grouping')} />
        </div>
      </div>
      <div className="book-columns">
        <span>{t('spot.priceIn', { coin: market.quote })}</span>
        <span>{t('spot.amountIn', { coin: market.base })}</span>
        <span>{t('spot.totalIn', { coin: market.base })}</span>
      </div>
      {view !== 'bids' ? <BookSide side="asks" rows={[...asks].reverse()} {...rowProps} /> : null}
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
      {view !== 'asks' ? <BookSide side="bids" rows={bids} {...rowProps} /> : null}
      {!book.synced && book.seq === null ? (
        <div className="book-empty">{t('spot.connecting')}</div>
      ) : null}
    </div>
  );
}
