import {
  SPOT_PATHS,
  type MarginAccountRef,
  type MarginModeName,
  type OrderSide,
  type SpotMarketInfo,
} from '@quay/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useMarginAccount, useMarginConfig } from '../../../entities/margin/margin-accounts';
import { useSpotMarkets } from '../../../entities/markets/markets';
import { useLiveSpotTickers, useSpotTicker } from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';
import { Result } from '../../../ui/result';
import { DeferredPane } from '../../../ui/market/deferred-pane';
import { StickyTradeBar } from '../../../ui/market/market-panes';
import { MarketSourceProvider, type MarketSource } from '../../../ui/market/market-source';
import { useOrderFormBridge } from '../../../ui/market/order-form-bridge';
import { TickerHeader } from '../../../ui/market/ticker-header';
import {
  MarketDocumentTitle,
  MarketsUnavailable,
  TradingScreen,
} from '../../../ui/market/trading-screen';
import { useIsMobile } from '../../../ui/use-media';
import type { LoanAction } from './loan-dialog';
import { MarginAccountPanel } from './margin-account-panel';
import { MarginBar } from './margin-bar';
import { MARGIN_FORM_ID, MarginOrderForm } from './margin-order-form';
import '../../../ui/market/market.css';
import '../../../ui/market/market-trading.css';
import './margin.css';

// The markets drawer and the borrow/repay dialog load when first opened; the
// orders panel once the book and the form are drawn and the browser is idle.
const AppDrawer = lazy(() =>
  import('../../../platform/widgets/app-drawer').then((m) => ({ default: m.AppDrawer })),
);
const LoanDialog = lazy(() => import('./loan-dialog').then((m) => ({ default: m.LoanDialog })));
const MarginOrdersPanel = lazy(() =>
  import('./margin-orders-panel').then((m) => ({ default: m.MarginOrdersPanel })),
);

export const DEFAULT_MARGIN_SYMBOL = 'BTCUSDT';

/** The margin screen reads the spot markets' chart, book and trades: margin orders trade on the spot books. */
const MARGIN_SOURCE: MarketSource = {
  scope: 'spot',
  klinesPath: SPOT_PATHS.klines,
  tradesPath: SPOT_PATHS.trades,
  useTicker: useSpotTicker,
};

/** What the app hands the screen: the transfer dialog of the wallet, opened on this account. */
export type MarginTransferSlot = (props: {
  mode: MarginModeName;
  symbol: string;
  onClose: () => void;
}) => ReactNode;

/**
 * The margin trading screen of `/margin/:symbol` (and `/trade-margin`, its
 * narrow entry, on BTCUSDT): the spot pair's chart, book and trades, an order
 * form on the cross or the isolated account, the account's risk and coins,
 * borrow and repay, and its own orders.
 */
export function MarginPage({ transferDialog }: { transferDialog: MarginTransferSlot }) {
  const { symbol: raw = DEFAULT_MARGIN_SYMBOL } = useParams();
  const localePath = useLocalePath();
  const symbol = raw.toUpperCase();
  const markets = useSpotMarkets();
  const config = useMarginConfig();

  if (raw !== symbol) return <Navigate replace to={localePath(`/margin/${symbol}`)} />;
  if (!markets.data) return <MarketsUnavailable markets={markets} />;
  if (!config.data) return <MarketsUnavailable markets={config} />;
  const market = markets.data.find((m) => m.symbol === symbol);
  const terms = config.data.markets.find((m) => m.symbol === symbol);
  if (!market || !terms) return <MarginMarketNotFound symbol={symbol} />;
  return (
    <MarketSourceProvider value={MARGIN_SOURCE}>
      <MarginTrading
        market={market}
        isolatedAllowed={terms.isolated}
        leverage={{ cross: config.data.crossMaxLeverage, isolated: terms.isolatedMaxLeverage }}
        marginSymbols={config.data.markets.map((m) => m.symbol)}
        markets={markets.data}
        transferDialog={transferDialog}
      />
    </MarketSourceProvider>
  );
}

function MarginMarketNotFound({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Result
      status="404"
      title={t('margin.notFoundTitle', { symbol })}
      subTitle={t('margin.notFoundText')}
      extra={
        <ButtonLink type="primary" to={localePath(`/margin/${DEFAULT_MARGIN_SYMBOL}`)}>
          {t('spot.goToDefault', { pair: 'BTC/USDT' })}
        </ButtonLink>
      }
      data-testid="margin-not-found"
    />
  );
}

function MarginTrading({
  market,
  isolatedAllowed,
  leverage,
  marginSymbols,
  markets,
  transferDialog,
}: {
  market: SpotMarketInfo;
  isolatedAllowed: boolean;
  leverage: { cross: number; isolated: number };
  marginSymbols: readonly string[];
  markets: readonly SpotMarketInfo[];
  transferDialog: MarginTransferSlot;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const mode: MarginModeName =
    isolatedAllowed && params.get('mode') === 'isolated' ? 'isolated' : 'cross';
  const accountRef: MarginAccountRef =
    mode === 'cross' ? { mode } : { mode, symbol: market.symbol };
  const ordersRef: MarginAccountRef = { mode, symbol: market.symbol };
  const account = useMarginAccount(accountRef);
  const config = useMarginConfig();
  const [loan, setLoan] = useState<LoanAction | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [marketsOpen, setMarketsOpen] = useState(false);
  // Mounted from the first opening on, so the drawer also closes with its animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const requestSide = useOrderFormBridge((s) => s.requestSide);
  const coins = [market.base, market.quote];
  useLiveSpotTickers(market.symbol);
  const stickySide = (side: OrderSide) => ({
    label: t(`spot.${side}`),
    onClick: () => requestSide(side),
    testId: `sticky-${side}`,
  });

  return (
    <TradingScreen
      market={market}
      kind="margin-screen"
      testId="margin-page"
      header={
        <>
          <MarketDocumentTitle
            market={market}
            name={`${market.base}/${market.quote} ${t('margin.title')}`}
          />
          <TickerHeader
            market={market}
            onOpenMarkets={() => {
              setDrawerWanted(true);
              setMarketsOpen(true);
            }}
          />
        </>
      }
      form={
        <div className="margin-side">
          <MarginBar
            mode={mode}
            isolatedAllowed={isolatedAllowed}
            leverage={leverage[mode]}
            onMode={(next) =>
              setParams(next === 'isolated' ? { mode: 'isolated' } : {}, { replace: true })
            }
            onLoan={setLoan}
            onTransfer={() => setTransferring(true)}
          />
          <MarginOrderForm market={market} account={account.data} accountRef={accountRef} />
          <MarginAccountPanel account={account.data} coins={coins} loading={account.isLoading} />
        </div>
      }
      orders={
        <DeferredPane>
          <MarginOrdersPanel market={market} accountRef={ordersRef} />
        </DeferredPane>
      }
      stickyBar={
        <StickyTradeBar formId={MARGIN_FORM_ID} buy={stickySide('buy')} sell={stickySide('sell')} />
      }
    >
      {drawerWanted ? (
        <Suspense fallback={null}>
          <AppDrawer
            testId="margin-markets-drawer"
            title={t('margin.markets')}
            className="spot-markets-drawer"
            direction="ltr"
            size={isMobile ? '86vw' : 320}
            open={marketsOpen}
            onClose={() => setMarketsOpen(false)}
          >
            <ul className="margin-market-list">
              {markets
                .filter((m) => marginSymbols.includes(m.symbol))
                .map((m) => (
                  <li key={m.symbol}>
                    <Link
                      to={localePath(`/margin/${m.symbol}`)}
                      className={m.symbol === market.symbol ? 'current' : undefined}
                      onClick={() => setMarketsOpen(false)}
                      data-testid={`margin-market-${m.symbol}`}
                    >
                      {m.base}/{m.quote}
                    </Link>
                  </li>
                ))}
            </ul>
          </AppDrawer>
        </Suspense>
      ) : null}
      {loan ? (
        <Suspense fallback={null}>
          <LoanDialog
            action={loan}
            coins={coins}
            accountRef={accountRef}
            account={account.data}
            config={config.data}
            onClose={() => setLoan(null)}
          />
        </Suspense>
      ) : null}
      {transferring
        ? transferDialog({ mode, symbol: market.symbol, onClose: () => setTransferring(false) })
        : null}
    </TradingScreen>
  );
}

/** `/margin` alone opens the default market. */
export function MarginRedirect() {
  const localePath = useLocalePath();
  return <Navigate replace to={localePath(`/margin/${DEFAULT_MARGIN_SYMBOL}`)} />;
}
