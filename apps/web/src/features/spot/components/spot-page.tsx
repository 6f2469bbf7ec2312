import { SPOT_PATHS, type SpotMarketInfo } from '@quay/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSpotMarkets } from '../../../entities/markets/markets';
import { useLiveSpotTickers, useSpotTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { marketOfPath } from '../../../platform/simulation/simulation-mode';
import { ButtonLink } from '../../../ui/button-link';
import { Result } from '../../../ui/result';
import { useIsMobile } from '../../../ui/use-media';
import { DeferredPane } from '../../../ui/market/deferred-pane';
import { MarketSourceProvider, type MarketSource } from '../../../ui/market/market-source';
import { useRefetchOnReconnect } from '../hooks/use-refetch-on-reconnect';
import { useOrderFormBridge } from '../../../ui/market/order-form-bridge';
import { StickyTradeBar } from '../../../ui/market/market-panes';
import {
  MarketDocumentTitle,
  MarketsUnavailable,
  TradingScreen,
} from '../../../ui/market/trading-screen';
import { MarketList } from './market-list';
import { OrderForm } from './order-form';
import { TickerHeader } from '../../../ui/market/ticker-header';
import '../../../ui/market/market.css';
import '../../../ui/market/market-trading.css';

export const DEFAULT_SPOT_SYMBOL = 'BTCUSDT';

// The orders and their tables, loaded once the book and the form are drawn.
const OrdersPanel = lazy(() => import('./orders-panel').then((m) => ({ default: m.OrdersPanel })));
// The markets drawer loads when first opened.
const AppDrawer = lazy(() =>
  import('../../../platform/widgets/app-drawer').then((m) => ({ default: m.AppDrawer })),
);

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
  // `/trade-spot` names no pair: the default one.
  const { symbol: raw = DEFAULT_SPOT_SYMBOL } = useParams();
  const localePath = useLocalePath();
  const symbol = raw.toUpperCase();
  const markets = useSpotMarkets();

  if (raw !== symbol) return <Navigate replace to={localePath(`/spot/${symbol}`)} />;
  if (!markets.data) return <MarketsUnavailable markets={markets} />;
  const market = marketOfPath(markets.data, symbol);
  if (!market) return <MarketNotFound symbol={symbol} />;
  return (
    <MarketSourceProvider value={SPOT_SOURCE}>
      <SpotTrading market={market} markets={markets.data} />
    </MarketSourceProvider>
  );
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
  const [marketsOpen, setMarketsOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const openMarkets = () => {
    setDrawerWanted(true);
    setMarketsOpen(true);
  };
  const requestSide = useOrderFormBridge((s) => s.requestSide);
  useLiveSpotTickers(market.symbol);
  useRefetchOnReconnect();
  return (
    <TradingScreen
      market={market}
      testId="spot-page"
      header={
        <>
          <MarketDocumentTitle market={market} name={`${market.base}/${market.quote}`} />
          <TickerHeader market={market} onOpenMarkets={openMarkets} />
        </>
      }
      form={<OrderForm market={market} />}
      orders={
        <DeferredPane>
          <OrdersPanel market={market} markets={markets} />
        </DeferredPane>
      }
      stickyBar={
        <StickyTradeBar
          formId="spot-order-form"
          buy={{ label: t('spot.buy'), onClick: () => requestSide('buy'), testId: 'sticky-buy' }}
          sell={{
            label: t('spot.sell'),
            onClick: () => requestSide('sell'),
            testId: 'sticky-sell',
          }}
        />
      }
      aside={<MarketList markets={markets} current={market.symbol} />}
    >
      {drawerWanted ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </TradingScreen>
  );
}
