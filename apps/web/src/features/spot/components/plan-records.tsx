/**
 * The orders panel's trigger tabs: waiting trigger orders and TP/SL (with
 * cancel), and the ones that ended, with the order they placed or why they
 * failed.
 */
import type { SpotMarketInfo, SpotPlan } from '@quay/core';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { useCancelPlan } from '../api/plans';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Fail codes the history explains in words; others show their code. */
const EXPLAINED = new Set(['13005', '13009', '13034', '13035']);

export function PlanRecords({
  plans,
  loading,
  markets,
  ended,
}: {
  plans: SpotPlan[];
  loading: boolean;
  markets: readonly SpotMarketInfo[];
  ended: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const cancel = useCancelPlan();
  const fig = marketFigures(markets);
  const pairOf = (symbol: string) =>
    fig.base(symbol) ? `${fig.base(symbol)}/${fig.quoteCoin(symbol)}` : symbol;
  const cancelOne = (p: SpotPlan) =>
    cancel.mutate(
      { symbol: p.symbol, planId: p.planId },
      { onSuccess: () => void message.success(t('spot.triggerCancelled')) },
    );
  const statusText = (p: SpotPlan) => {
    const status = t(`spot.planStatus.${p.status}`);
    if (!p.failCode) return status;
    const why = EXPLAINED.has(p.failCode)
      ? t(`spot.planFail.${p.failCode}`)
      : t('spot.planFail.other', { code: p.failCode });
    return `${status} · ${why}`;
  };

  const columns: RecordColumn<SpotPlan>[] = [
    {
      key: 'time',
      title: t('spot.time'),
      render: (p) => <DateTime value={ended ? p.updatedAt : p.createdAt} />,
      card: 'end',
      cardRender: (p) => <DateTime value={ended ? p.updatedAt : p.createdAt} className="muted" />,
    },
    { key: 'pair', title: t('spot.pair'), render: (p) => pairOf(p.symbol), card: 'title' },
    {
      key: 'kind',
      title: t('spot.type'),
      render: (p) => `${t(`spot.planKind.${p.kind}`)} · ${t(`spot.${p.type}`)}`,
      card: 'title',
      cardRender: (p) => `· ${t(`spot.planKind.${p.kind}`)}`,
    },
    {
      key: 'side',
      title: t('spot.side'),
      render: (p) => (
        <span className={`tone-${p.side === 'buy' ? 'up' : 'down'}`}>{t(`spot.${p.side}`)}</span>
      ),
      card: 'title',
    },
    {
      key: 'trigger',
      title: t('spot.triggerPrice'),
      align: 'end',
      render: (p) => (
        <span data-testid={`plan-trigger-${p.planId}`}>
          {fig.price(p.triggerPrice, p.symbol)} · {t(`spot.triggerBy.${p.triggerBy}`)}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('spot.price'),
      align: 'end',
      render: (p) => (p.price ? fig.price(p.price, p.symbol) : t('spot.marketPrice')),
    },
    {
      key: 'quantity',
      title: t('spot.amount'),
      align: 'end',
      render: (p) =>
        p.quantity
          ? fig.quantity(p.quantity, p.symbol)
          : p.quoteAmount
            ? `${fig.quote(p.quoteAmount, p.symbol)} ${fig.quoteCoin(p.symbol)}`
            : '--',
    },
    {
      key: 'status',
      title: t('spot.statusTitle'),
      align: 'end',
      render: (p) => <span data-testid={`plan-status-${p.planId}`}>{statusText(p)}</span>,
      card: ended ? 'title' : 'none',
    },
  ];
  if (!ended) {
    const button = (p: SpotPlan, type: 'link' | 'default') => (
      <Button
        size="small"
        type={type}
        loading={cancel.isPending && cancel.variables?.planId === p.planId}
        onClick={() => cancelOne(p)}
        data-testid="cancel-plan"
      >
        {t('spot.cancel')}
      </Button>
    );
    columns.push({
      key: 'action',
      title: '',
      align: 'end',
      render: (p) => button(p, 'link'),
      card: 'action',
      cardRender: (p) => button(p, 'default'),
    });
  }
  return (
    <RecordTable
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spot.noTriggerOrders')} />}
      size="small"
      scrollX={760}
      cardLayout="compact"
      cardsTestId={ended ? 'plan-history-cards' : 'plan-cards'}
      columns={columns}
      rows={plans}
      rowKey={(p) => p.planId}
      loading={loading}
      cardOrder={['pair', 'side', 'kind']}
    />
  );
}
