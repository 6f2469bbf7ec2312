import { SPOT_PATHS, isRtl, type SpotMarketInfo } from '@quay/core';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSpotMarkets } from '../../../entities/markets/markets';
import { useLiveSpotTickers, useSpotTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSettings } from '../../../platform/settings/settings-store';
import { marketOfPath } from '../../../platform/simulation/simulation-mode';
import { AppDrawer } from '../../../platform/widgets/app-drawer';
import { ButtonLink } from '../../../ui/button-link';
import { useIsMobile, useMediaQuery } from '../../../ui/use-media';
import { MarketSourceProvider, type MarketSource } from '../../../ui/market/market-source';
import { useRefetchOnReconnect } from '../hooks/use-refetch-on-reconnect';
import { useOrderFormBridge } from '../../../ui/market/order-form-bridge';
import { formatPrice } from '../../../ui/market/format';
import { ChartPanel } from '../../../ui/market/chart-panel';
import { MarketPanes, StickyTradeBar } from '../../../ui/market/market-panes';
import { MarketList } from './market-list';
import { OrderBook } from '../../../ui/market/order-book';
import { OrderForm } from './order-form';
import { OrdersPanel } from './orders-panel';
import { RecentTrades } from '../../../ui/market/recent-trades';
import { TickerHeader } from './ticker-header';
import '../../../ui/market/market.css';
import '../../../ui/market/market-trading.css';

export const DEFAULT_SPOT_SYMBOL = 'BTCUSDT';

/** What the shared chart, book and trades read on this page. */
const SPOT_SOURCE: MarketSource = {
  scope: 'spot',
  klinesPath: SPOT_PATHS.klines,
  tradesPath: SPOT_PATHS.trades,
  useTicker: useSpotTicker,
};

/** `/spot` alone opens the default market. */
export function SpotRedirect() {
  const localePath = useLocalePath();
  return <Navigate replace to={localePath(`/spot/${DEFAULT_SPOT_SYMBOL}`)} />;
}

function MarketNotFound({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Result
      status="404"
      className="spot-not-found"
      title={t('spot.notFoundTitle', { symbol })}
      subTitle={t('spot.notFoundText')}
      extra={
        <ButtonLink type="primary" to={localePath(`/spot/${DEFAULT_SPOT_SYMBOL}`)}>
          {t('spot.goToDefault', { pair: 'BTC/USDT' })}
        </ButtonLink>
      }
      data-testid="spot-not-found"
    />
  );
}

/** The spot trading screen of `/spot/:symbol`. */
export function SpotPage() {
  const { t } = useTranslation();
  const { symbol: raw = '' } = useParams();
  const localePath = useLocalePath();
  const symbol = raw.toUpperCase();
  const markets = useSpotMarkets();

  if (raw !== symbol) return <Navigate replace to={localePath(`/spot/${symbol}`)} />;
  if (markets.isLoading) {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  if (!markets.data) {
    return (
      <Result
        status="warning"
        title={t('spot.loadFailed')}
        extra={<Button onClick={() => void markets.refetch()}>{t('spot.retry')}</Button>}
      />
    );
  }
  const market = marketOfPath(markets.data, symbol);
  if (!market) return <MarketNotFound symbol={symbol} />;
  return (
    <MarketSourceProvider value={SPOT_SOURCE}>
      <SpotTrading market={market} markets={markets.data} />
    </MarketSourceProvider>
  );
}

/** The tab title carries the live price, as traders keep the tab in view. Its own component, so a tick re-renders only it. */
function DocumentTitle({ market }: { market: SpotMarketInfo }) {
  const ticker = useSpotTicker(market.symbol);
  const last = ticker?.last ? formatPrice(ticker.last, market.pricePrecision) : '';
  useEffect(() => {
    const previous = document.title;
    document.title = `${last ? `${last} | ` : ''}${market.base}/${market.quote} | Quay`;
    return () => {
      document.title = previous;
    };
  }, [last, market.base, market.quote]);
  return null;
}

function SpotTrading({
  market,
  markets,
}: {
  market: SpotMarketInfo;
  markets: readonly SpotMarketInfo[];
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const isWide = useMediaQuery('(min-width: 1200px)');
  const layout = useSettings((s) => s.layout);
  const rtl = useSettings((s) => isRtl(s.language));
  // The setting names a physical side; the grid is laid out from the start side, which is the right in Arabic.
  const formAtStart = (layout === 'left') !== rtl;
  const [marketsOpen, setMarketsOpen] = useState(false);
  const requestSide = useOrderFormBridge((s) => s.requestSide);
  useLiveSpotTickers(market.symbol);
  useRefetchOnReconnect();
  const header = (
    <>
      <DocumentTitle market={market} />
      <TickerHeader market={market} onOpenMarkets={() => setMarketsOpen(true)} />
    </>
  );
  const drawer = (
    <AppDrawer
      open={marketsOpen}
      onClose={() => setMarketsOpen(false)}
      direction="ltr"
      size={isMobile ? '86vw' : 380}
      title={t('spot.markets')}
      className="spot-markets-drawer"
      testId="markets-drawer"
    >
      <MarketList
        markets={markets}
        current={market.symbol}
        onPicked={() => setMarketsOpen(false)}
      />
    </AppDrawer>
  );

  if (isMobile) {
    return (
      <div className="spot spot-mobile" data-testid="spot-page">
        {header}
        <MarketPanes market={market} />
        <section className="spot-card">
          <OrderForm market={market} />
        </section>
        <section className="spot-card">
          <OrdersPanel market={market} markets={markets} />
        </section>
        <StickyTradeBar
          formId="spot-order-form"
          buy={{ label: t('spot.buy'), onClick: () => requestSide('buy'), testId: 'sticky-buy' }}
          sell={{
            label: t('spot.sell'),
            onClick: () => requestSide('sell'),
            testId: 'sticky-sell',
          }}
        />
        {drawer}
      </div>
    );
  }

  return (
    <div
      className={`spot spot-desktop form-${formAtStart ? 'start' : 'end'}`}
      data-layout={layout}
      data-testid="spot-page"
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
      <section className="spot-area area-form">
        <OrderForm market={market} />
      </section>
      {isWide ? (
        <section className="spot-area area-markets">
          <MarketList markets={markets} current={market.symbol} />
        </section>
      ) : null}
      <section className="spot-area area-orders">
        <OrdersPanel market={market} markets={markets} />
      </section>
      {drawer}
    </div>
  );
}
