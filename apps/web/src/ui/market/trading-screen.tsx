import { formatPrice } from '../../platform/numbers/number-format';
/**
 * What the spot and the perpetual trading screens share: waiting for the
 * markets, the tab title and the arrangement of the pieces. Each screen
 * brings its own header, order form and orders panel.
 */
import { type SpotMarketInfo } from '@quay/core';
import { Button } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../platform/locale/direction';
import { useSettings } from '../../platform/settings/settings-store';
import { useIsMobile, useMediaQuery } from '../use-media';
import { ChartPanel } from './chart-panel';
import { MarketPanes } from './market-panes';
import { useMarketSource } from './market-source';
import { OrderBook } from './order-book';
import { RecentTrades } from './recent-trades';
import { Result } from '../result';

/** A trading screen's markets before they are here: a spinner while loading, a retry once the load failed. */
export function MarketsUnavailable({
  markets,
}: {
  markets: { isLoading: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  if (markets.isLoading) {
    return <div className="page-loading" aria-busy="true" />;
  }
  return (
    <Result
      status="warning"
      title={t('spot.loadFailed')}
      extra={<Button onClick={() => void markets.refetch()}>{t('spot.retry')}</Button>}
    />
  );
}

/** The tab title carries the live price, as traders keep the tab in view. Its own component, so a tick re-renders only it. */
export function MarketDocumentTitle({ market, name }: { market: SpotMarketInfo; name: string }) {
  const ticker = useMarketSource().useTicker(market.symbol);
  const last = ticker?.last ? formatPrice(ticker.last, market.pricePrecision) : '';
  useEffect(() => {
    const previous = document.title;
    document.title = `${last ? `${last} | ` : ''}${name} | Quay`;
    return () => {
      document.title = previous;
    };
  }, [last, name]);
  return null;
}

/**
 * The pieces of a trading screen in place: stacked cards under a pane switcher
 * on a phone, the grid on a desktop (with `aside` beside the form when wide).
 */
export function TradingScreen({
  market,
  kind,
  testId,
  header,
  form,
  orders,
  stickyBar,
  aside,
  children,
}: {
  market: SpotMarketInfo;
  /** A class added after `spot` to style one kind of screen (none for spot). */
  kind?: string;
  testId: string;
  header: ReactNode;
  form: ReactNode;
  orders: ReactNode;
  /** The phone's buy and sell bar. */
  stickyBar: ReactNode;
  /** Shown on wide desktops only, between the form and the orders. */
  aside?: ReactNode;
  /** Last in either arrangement (a drawer). */
  children?: ReactNode;
}) {
  const isMobile = useIsMobile();
  const isWide = useMediaQuery('(min-width: 1200px)');
  const layout = useSettings((s) => s.layout);
  const rtl = useSettings((s) => isRtl(s.language));
  // The setting names a physical side; the grid is laid out from the start side, which is the right in Arabic.
  const formAtStart = (layout === 'left') !== rtl;
  const kindClass = kind ? ` ${kind}` : '';

  if (isMobile) {
    return (
      <div className={`spot spot-mobile${kindClass}`} data-testid={testId}>
        {header}
        <MarketPanes market={market} />
        <section className="spot-card">{form}</section>
        <section className="spot-card">{orders}</section>
        {stickyBar}
        {children}
      </div>
    );
  }

  return (
    <div
      className={`spot spot-desktop${kindClass} form-${formAtStart ? 'start' : 'end'}`}
      data-layout={layout}
      data-testid={testId}
    >
      <section className="spot-area area-ticker">{header}</section>
      <section className="spot-area area-chart">
        <ChartPanel market={market} />
      </section>
      <section className="spot-area area-book">
        <OrderBook market={market} rows={isWide ? 11 : 10} />
      </section>
      <section className="spot-area area-trades">
        <RecentTrades market={market} />
      </section>
      <section className="spot-area area-form">{form}</section>
      {isWide && aside ? <section className="spot-area area-markets">{aside}</section> : null}
      <section className="spot-area area-orders">{orders}</section>
      {children}
    </div>
  );
}
