import type { CopyFollow, CopyTrade } from '@quay/core/copy-trading';
import { Alert, Button, Empty, Popconfirm, Skeleton, Table, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyTrades, useMyCopies, useStopCopy } from '../api/copy-trading';
import { tone, usdt } from './figures';
import { PositionsTable } from './positions-table';
import { timeAndSymbol } from './trade-columns';

/** The user's copies: equity and PnL, open copied positions, the copied trades with their PnL, stop. */
export function MyCopies() {
  const { t } = useTranslation();
  const mine = useMyCopies(true);
  if (mine.isPending) return <Skeleton active />;
  const follows = mine.data?.follows ?? [];
  if (follows.length === 0) {
    return <Empty description={t('copyTrading.noCopies')} data-testid="ct-no-copies" />;
  }
  return (
    <div className="ct-copies" data-testid="ct-my-copies">
      {follows.map((f) => (
        <CopyCard key={f.followId} copy={f} />
      ))}
    </div>
  );
}

function CopyCard({ copy }: { copy: CopyFollow }) {
  const { t } = useTranslation();
  const stop = useStopCopy();
  const trades = useCopyTrades(copy.followId);
  const live = copy.status !== 'stopped';
  return (
    <section className="ct-card ct-copy" data-testid={`ct-copy-${copy.nickname}`}>
      <header className="ct-copy-head">
        <h3>{copy.nickname}</h3>
        <Tag color={copy.status === 'active' ? 'green' : 'default'}>
          {t(`copyTrading.statuses.${copy.status}`)}
        </Tag>
      </header>
      <dl className="ct-stats">
        <div>
          <dt>{t('copyTrading.investmentShort')}</dt>
          <dd>{usdt(copy.investment)}</dd>
        </div>
        <div>
          <dt>{t('copyTrading.equity')}</dt>
          <dd data-testid="ct-copy-equity">{usdt(copy.equity)}</dd>
        </div>
        <div>
          <dt>{t('copyTrading.pnl')}</dt>
          <dd className={tone(copy.pnl)} data-testid="ct-copy-pnl">
            {usdt(copy.pnl)}
          </dd>
        </div>
        <div>
          <dt>{t('copyTrading.sharePaid')}</dt>
          <dd>{usdt(copy.sharePaid)}</dd>
        </div>
        <div>
          <dt>{t('copyTrading.highWaterMark')}</dt>
          <dd>{usdt(copy.highWaterMark)}</dd>
        </div>
      </dl>
      {live ? (
        <>
          <h4>{t('copyTrading.positions')}</h4>
          <PositionsTable positions={copy.positions} testId="ct-copy-positions" />
        </>
      ) : null}
      {trades.data?.some((r) => r.status === 'skipped') ? (
        <Alert
          type="warning"
          showIcon
          className="ct-alert"
          data-testid="ct-skipped-notice"
          message={t('copyTrading.skippedNotice')}
        />
      ) : null}
      <h4>{t('copyTrading.copiedTrades')}</h4>
      <Table<CopyTrade>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        data-testid="ct-copy-trades"
        loading={trades.isPending}
        dataSource={trades.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          ...timeAndSymbol<CopyTrade>(t),
          {
            title: t('copyTrading.action'),
            dataIndex: 'action',
            render: (a: 'open' | 'close', r) => (
              <span className={r.side === 'buy' ? 'ct-up' : 'ct-down'}>
                {t(`copyTrading.actions.${a}`)} · {t(`copyTrading.${r.side}`)}
              </span>
            ),
          },
          {
            title: t('copyTrading.status'),
            dataIndex: 'status',
            render: (s: 'filled' | 'skipped') => (
              <Tag color={s === 'filled' ? 'green' : 'orange'}>
                {t(`copyTrading.tradeStatuses.${s}`)}
              </Tag>
            ),
          },
          { title: t('copyTrading.quantity'), dataIndex: 'quantity' },
          {
            title: t('copyTrading.price'),
            dataIndex: 'price',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('copyTrading.realisedPnl'),
            dataIndex: 'realisedPnl',
            render: (v: string) => (
              <span className={tone(v)} data-testid="ct-trade-pnl">
                {usdt(v)}
              </span>
            ),
          },
        ]}
      />
      {live ? (
        <div className="ct-actions">
          <Popconfirm
            title={t('copyTrading.stopClose')}
            okButtonProps={{ 'data-testid': 'ct-stop-close-ok' } as ButtonProps}
            onConfirm={() => stop.mutate({ followId: copy.followId, close: true })}
          >
            <Button danger loading={stop.isPending} data-testid="ct-stop-close">
              {t('copyTrading.stopClose')}
            </Button>
          </Popconfirm>
          {copy.status === 'active' ? (
            <Button
              loading={stop.isPending}
              onClick={() => stop.mutate({ followId: copy.followId, close: false })}
            >
              {t('copyTrading.stopKeep')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
