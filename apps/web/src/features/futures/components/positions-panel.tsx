import type { FuturesPosition, PerpMarketInfo } from '@quay/core';
import { Button, Popconfirm } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMark } from '../../../entities/markets/mark';
import {
  useRecentFuturesFills,
  useRecentFuturesOrders,
} from '../../../entities/orders/futures-orders';
import { useRecentFunding } from '../../../entities/positions/funding';
import { RecordTable } from '../../../ui/record-table';
import { TextTabs } from '../../../ui/text-tabs';
import { useCancelAll, useCloseAll, useClosePosition } from '../api/futures';
import { useMyFutures } from '../hooks/use-my-futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { usePanelRecordColumns } from './panel-record-columns';
import type { LimitCloseDraft, MarginDraft } from './position-dialogs';
import { PositionCards, usePositionFields } from './position-fields';

// The position dialogs load when one first opens: their code (antd's modal, select and radio)
// is not in the panel's first load, which every visitor of the futures page waits for.
const TpSlDialog = lazy(() => import('./tpsl-dialog').then((m) => ({ default: m.TpSlDialog })));
const LimitCloseDialog = lazy(() =>
  import('./position-dialogs').then((m) => ({ default: m.LimitCloseDialog })),
);
const MarginDialog = lazy(() =>
  import('./position-dialogs').then((m) => ({ default: m.MarginDialog })),
);

/** True from the first render in which `value` is: an opened dialog stays mounted, so it closes with its animation. */
function useSinceFirst(value: boolean): boolean {
  const [since, setSince] = useState(value);
  if (value && !since) setSince(true);
  return since || value;
}

type Tab = 'positions' | 'open' | 'plans' | 'history' | 'fills' | 'funding';

/** Eleven columns do not fit under 1200 px: positions become cards there. */
const POSITIONS_NARROW = '(max-width: 1199px)';

/** Positions, open orders, plans, histories and funding of the signed-in user. */
export function PositionsPanel({
  market,
  markets,
}: {
  market: PerpMarketInfo;
  markets: readonly PerpMarketInfo[];
}) {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const [tab, setTab] = useState<Tab>('positions');
  const { loggedIn, positions, openOrders, openPlans } = useMyFutures();
  const history = useRecentFuturesOrders(tab === 'history');
  const fills = useRecentFuturesFills(tab === 'fills');
  const funding = useRecentFunding(tab === 'funding');
  const mark = useMark(market.symbol);
  const close = useClosePosition();
  const closeAll = useCloseAll();
  const cancelAll = useCancelAll();
  const columns = usePanelRecordColumns();
  const [tpsl, setTpsl] = useState<FuturesPosition | null>(null);
  const [limitClose, setLimitClose] = useState<LimitCloseDraft | null>(null);
  const [margin, setMargin] = useState<MarginDraft | null>(null);
  const limitCloseMounted = useSinceFirst(limitClose !== null);
  const marginMounted = useSinceFirst(margin !== null);

  const marketOf = (symbol: string) => markets.find((m) => m.symbol === symbol) ?? market;
  const markOf = (p: FuturesPosition) =>
    (p.symbol === market.symbol && mark?.markPrice) || p.markPrice;
  const positionFields = usePositionFields({
    marketOf,
    markOf,
    actions: {
      closeAtMarket: (p) =>
        void run(
          () => close.mutateAsync({ symbol: p.symbol, positionSide: p.side, type: 'market' }),
          t('futures.closed'),
        ),
      closeAtLimit: (p) => setLimitClose({ p, price: markOf(p), quantity: p.count }),
      adjustMargin: (p) => setMargin({ p, type: 'add', amount: '' }),
      editTpSl: setTpsl,
    },
  });

  const held = positions.data ?? [];
  /** What the other tabs' lists share: small rows, no pager; on a phone (under 768 px) cards too. */
  const tabList = { size: 'small', cardsTestId: 'futures-cards' } as const;

  const tabs: Array<{ key: Tab; label: string }> = [
    { key: 'positions', label: `${t('futures.positions')} (${held.length})` },
    { key: 'open', label: `${t('futures.openOrders')} (${openOrders.data?.length ?? 0})` },
    { key: 'plans', label: `${t('futures.planOrders')} (${openPlans.data?.length ?? 0})` },
    { key: 'history', label: t('futures.orderHistory') },
    { key: 'fills', label: t('futures.tradeHistory') },
    { key: 'funding', label: t('futures.fundingHistory') },
  ];

  if (!loggedIn) {
    return <div className="futures-panel-empty muted">{t('futures.logInToTrade')}</div>;
  }

  let list: ReactNode;
  if (tab === 'positions') {
    list = (
      <RecordTable
        size="small"
        columns={positionFields}
        rows={held}
        rowKey={(p) => p.positionId}
        onRow={(p) => ({ 'data-testid': `futures-position-${p.side}` })}
        testId="futures-positions-table"
        narrowQuery={POSITIONS_NARROW}
        renderCards={(rows) => <PositionCards fields={positionFields} positions={rows} />}
      />
    );
  } else if (tab === 'open') {
    list = (
      <RecordTable
        {...tabList}
        columns={columns.orders(true)}
        rows={openOrders.data ?? []}
        rowKey={(o) => o.orderId}
      />
    );
  } else if (tab === 'plans') {
    list = (
      <RecordTable
        {...tabList}
        columns={columns.plans}
        rows={openPlans.data ?? []}
        rowKey={(p) => p.planId}
      />
    );
  } else if (tab === 'history') {
    list = (
      <RecordTable
        {...tabList}
        columns={columns.orders(false)}
        rows={history.data ?? []}
        rowKey={(o) => o.orderId}
        loading={history.isLoading}
        onRow={(o) => ({ 'data-testid': `futures-history-${o.source}` })}
      />
    );
  } else if (tab === 'fills') {
    list = (
      <RecordTable
        {...tabList}
        columns={columns.fills}
        rows={fills.data ?? []}
        rowKey={(f) => f.fillId}
        loading={fills.isLoading}
      />
    );
  } else {
    list = (
      <RecordTable
        {...tabList}
        columns={columns.funding}
        rows={funding.data ?? []}
        rowKey={(f) => `${f.symbol}-${f.positionSide}-${f.time}`}
        loading={funding.isLoading}
      />
    );
  }

  return (
    <div className="orders-panel futures-panel" data-testid="futures-panel">
      <div className="orders-panel-head">
        <TextTabs
          className="pane-tabs"
          tabs={tabs}
          active={tab}
          onSelect={setTab}
          testId={(key) => `futures-panel-${key}`}
        />
        {tab === 'positions' && held.length > 0 ? (
          <Popconfirm
            title={t('futures.closeAllConfirm')}
            onConfirm={() => void run(() => closeAll.mutateAsync({}), t('futures.closed'))}
            okText={t('futures.confirm')}
            cancelText={t('futures.cancel')}
          >
            <Button size="small" data-testid="futures-close-all">
              {t('futures.closeAll')}
            </Button>
          </Popconfirm>
        ) : null}
        {tab === 'open' && (openOrders.data?.length ?? 0) > 0 ? (
          <Button
            size="small"
            onClick={() => void run(() => cancelAll.mutateAsync({}))}
            data-testid="futures-cancel-all"
          >
            {t('futures.cancelAll')}
          </Button>
        ) : null}
      </div>
      <div className="futures-table">{list}</div>

      <Suspense fallback={null}>
        {tpsl ? (
          <TpSlDialog
            market={marketOf(tpsl.symbol)}
            position={tpsl}
            mark={markOf(tpsl)}
            onClose={() => setTpsl(null)}
          />
        ) : null}
        {limitCloseMounted ? (
          <LimitCloseDialog
            draft={limitClose}
            onChange={setLimitClose}
            onClose={() => setLimitClose(null)}
            marketOf={marketOf}
          />
        ) : null}
        {marginMounted ? (
          <MarginDialog
            draft={margin}
            onChange={setMargin}
            onClose={() => setMargin(null)}
            marketOf={marketOf}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
