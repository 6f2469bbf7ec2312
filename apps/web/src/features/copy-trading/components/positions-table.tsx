import type { CopyPosition } from '@quay/core/copy-trading';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { tone, usdt } from './figures';

/** Open positions of a lead or a copy: entry, size, margin share of the equity, PnL. */
export function PositionsTable({
  positions,
  testId,
}: {
  positions: CopyPosition[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<CopyPosition>
      rowKey={(p) => `${p.symbol}-${p.side}`}
      size="small"
      scroll={{ x: true }}
      data-testid={testId}
      pagination={false}
      dataSource={positions}
      locale={{ emptyText: t('copyTrading.noPositions') }}
      columns={[
        { title: t('copyTrading.symbol'), dataIndex: 'symbol' },
        {
          title: t('copyTrading.side'),
          dataIndex: 'side',
          render: (s: 'long' | 'short', p) => (
            <span className={s === 'long' ? 'ct-up' : 'ct-down'}>
              {t(`copyTrading.${s}`)} {p.leverage}x
            </span>
          ),
        },
        { title: t('copyTrading.quantity'), dataIndex: 'quantity' },
        { title: t('copyTrading.entryPrice'), dataIndex: 'entryPrice' },
        { title: t('copyTrading.marginShare'), dataIndex: 'marginShare', render: (v) => `${v}%` },
        {
          title: t('copyTrading.pnl'),
          dataIndex: 'unrealisedPnl',
          render: (v: string) => <span className={tone(v)}>{usdt(v)}</span>,
        },
      ]}
    />
  );
}
