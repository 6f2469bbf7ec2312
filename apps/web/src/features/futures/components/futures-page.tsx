import { FUTURES_PATHS, type PerpMarketInfo, type Ticker } from '@quay/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePerpMarkets } from '../../../entities/markets/markets';
import { useLivePerpTickers, usePerpTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { marketOfPath } from '../../../platform/simulation/simulation-mode';
import { ButtonLink } from '../../../ui/button-link';
import { Result } from '../../../ui/result';
import { DeferredPane } from '../../../ui/market/deferred-pane';
import { StickyTradeBar } from '../../../ui/market/market-panes';
import { MarketSourceProvider, type MarketSource } from '../../../ui/market/market-source';
import {
  MarketDocumentTitle,
  MarketsUnavailable,
  TradingScreen,
} from '../../../ui/market/trading-screen';
import { FuturesHeader } from './futures-header';
import { FuturesOrderForm, type TransferDialogSlot } from './futures-order-form';
import '../../../ui/market/market.css';
import '../../../ui/market/market-trading.css';
import './futures.css';

// The positions, orders and records with their tables, loaded once the book and the form are drawn.
const PositionsPanel = lazy(() =>
  import('./positions-panel').then((m) => ({ default: m.PositionsPanel })),
);

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

/**
 * The USDT-margined perpetual trading screen of `/futures/usdt/:symbol` (the
 * path names the pair). The app hands it the wallet's transfer dialog, which
 * opens in place from the order form.
 */
export function FuturesPage({ transferDialog }: { transferDialog?: TransferDialogSlot }) {
  const { t } = useTranslation();
  // `/trade-swap` names no pair: the default one.
  const { symbol: raw = DEFAULT_FUTURES_PAIR } = useParams();
  const localePath = useLocalePath();
  const pair = raw.toUpperCase();
  const markets = usePerpMarkets();
  if (raw !== pair) return <Navigate replace to={localePath(`/futures/usdt/${pair}`)} />;
  if (!markets.data) return <MarketsUnavailable markets={markets} />;
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
      <FuturesTrading market={market} markets={markets.data} transferDialog={transferDialog} />
    </MarketSourceProvider>
  );
}

function FuturesTrading({
  market,
  markets,
  transferDialog,
}: {
  market: PerpMarketInfo;
  markets: readonly PerpMarketInfo[];
  transferDialog?: TransferDialogSlot;
}) {
  const { t } = useTranslation();
  useLivePerpTickers(market.symbol);
  return (
    <TradingScreen
      market={market}
      kind="futures"
      testId="futures-page"
      header={
        <>
          <MarketDocumentTitle market={market} name={`${market.base}${market.quote} Perp`} />
          <FuturesHeader market={market} />
        </>
      }
      form={<FuturesOrderForm market={market} transferDialog={transferDialog} />}
      orders={
        <DeferredPane>
          <PositionsPanel market={market} markets={markets} />
        </DeferredPane>
      }
      stickyBar={
        <StickyTradeBar
          formId="futures-order-form"
          buy={{ label: t('futures.openLong'), onClick: () => undefined, testId: 'sticky-long' }}
          sell={{ label: t('futures.openShort'), onClick: () => undefined, testId: 'sticky-short' }}
        />
      }
    />
  );
}
