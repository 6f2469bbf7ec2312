import { FUTURES_PATHS, isRtl, type PerpMarketInfo, type Ticker } from '@quay/core';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePerpMarkets } from '../../../entities/markets/markets';
import { useLivePerpTickers, usePerpTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSettings } from '../../../platform/settings/settings-store';
import { marketOfPath } from '../../../platform/simulation/simulation-mode';
import { ButtonLink } from '../../../ui/button-link';
import { ChartPanel } from '../../../ui/market/chart-panel';
import { formatPrice } from '../../../ui/market/format';
import { MarketPanes, StickyTradeBar } from '../../../ui/market/market-panes';
import { MarketSourceProvider, type MarketSource } from '../../../ui/market/market-source';
import { OrderBook } from '../../../ui/market/order-book';
import { RecentTrades } from '../../../ui/market/recent-trades';
import { useIsMobile, useMediaQuery } from '../../../ui/use-media';
import { FuturesHeader } from './futures-header';
import { FuturesOrderForm } from './futures-order-form';
import { PositionsPanel } from './positions-panel';
import '../../../ui/market/market.css';
import '../../../ui/market/market-trading.css';
import './futures.css';

export const DEFAULT_FUTURES_PAIR = 'BTCUSDT';

const FUTURES_SOURCE: MarketSource = {
  scope: 'futures',
  klinesPath: FUTURES_PATHS.klines,
  tradesPath: FUTURES_PATHS.trades,
  useTicker: (symbol: string): Ticker | undefined => usePerpTicker(symbol),
};

/** `/futures` and `/futures/usdt` open the default perpetual. */
export function FuturesRedirect() {
  const localePath = useLocalePath();
  return <Navigate replace to={localePath(`/futures/usdt/${DEFAULT_FUTURES_PAIR}`)} />;
}

/** The USDT-margined perpetual trading screen of `/futures/usdt/:symbol` (the path names the pair). */
export function FuturesPage() {
  const { t } = useTranslation();
  const { symbol: raw = '' } = useParams();
  const localePath = useLocalePath();
  const pair = raw.toUpperCase();
  const markets = usePerpMarkets();
  if (raw !== pair) return <Navigate replace to={localePath(`/futures/usdt/${pair}`)} />;
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
  // Paths keep the real pair in simulation too: BTCUSDT shows the demo twin SBTCSUSDT_PERP.
  const byPair = markets.data.map((m) => ({
    symbol: m.pair,
    base: m.base,
    quote: m.quote,
    market: m,
  }));
  const market = marketOfPath(byPair, pair)?.market;
  if (!market) {
    return (
      <Result
        status="404"
        title={t('spot.notFoundTitle', { symbol: pair })}
        subTitle={t('spot.notFoundText')}
        extra={
          <ButtonLink type="primary" to={localePath(`/futures/usdt/${DEFAULT_FUTURES_PAIR}`)}>
            {t('spot.goToDefault', { pair: 'BTCUSDT' })}
          </ButtonLink>
        }
        data-testid="futures-not-found"
      />
    );
  }
  return (
    <MarketSourceProvider value={FUTURES_SOURCE}>
      <FuturesTrading market={market} markets={markets.data} />
    </MarketSourceProvider>
  );
}

function DocumentTitle({ market }: { market: PerpMarketInfo }) {
  const ticker = usePerpTicker(market.symbol);
  const last = ticker?.last ? formatPrice(ticker.last, market.pricePrecision) : '';
  useEffect(() => {
    const previous = document.title;
    document.title = `${last ? `${last} | ` : ''}${market.base}${market.quote} Perp | Quay`;
    return () => {
      document.title = previous;
    };
  }, [last, market.base, market.quote]);
  return null;
}

function FuturesTrading({
  market,
  markets,
}: {
  market: PerpMarketInfo;
  markets: readonly PerpMarketInfo[];
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const isWide = useMediaQuery('(min-width: 1200px)');
  const layout = useSettings((s) => s.layout);
  const rtl = useSettings((s) => isRtl(s.language));
  const formAtStart = (layout === 'left') !== rtl;
  useLivePerpTickers(market.symbol);
  const header = (
    <>
      <DocumentTitle market={market} />
      <FuturesHeader market={market} />
    </>
  );

  if (isMobile) {
    return (
      <div className="spot spot-mobile futures" data-testid="futures-page">
        {header}
        <MarketPanes market={market} />
        <section className="spot-card">
          <FuturesOrderForm market={market} />
        </section>
        <section className="spot-card">
          <PositionsPanel market={market} markets={markets} />
        </section>
        <StickyTradeBar
          formId="futures-order-form"
          buy={{ label: t('futures.openLong'), onClick: () => undefined, testId: 'sticky-long' }}
          sell={{ label: t('futures.openShort'), onClick: () => undefined, testId: 'sticky-short' }}
        />
      </div>
    );
  }

  return (
    <div
      className={`spot spot-desktop futures form-${formAtStart ? 'start' : 'end'}`}
      data-layout={layout}
      data-testid="futures-page"
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
        <FuturesOrderForm market={market} />
      </section>
      <section className="spot-area area-orders">
        <PositionsPanel market={market} markets={markets} />
      </section>
    </div>
  );
}
