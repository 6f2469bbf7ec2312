import {
  COPY_PERIODS,
  type CopyLeader,
  type CopyPeriod,
  type CopySort,
} from '@quay/core/copy-trading';
import { Button, Segmented, Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaders } from '../api/copy-trading';
import { percent, tone, usdt } from './figures';

/** The lead traders over 7, 30 or 90 days, sorted by the server on the column picked. */
export function Leaderboard({ onOpen }: { onOpen: (leadId: string) => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<CopyPeriod>(30);
  const [sort, setSort] = useState<CopySort>('roi');
  const leaders = useLeaders(period, sort);
  const sorted = (key: CopySort) => ({
    key,
    sorter: true,
    sortOrder: sort === key ? ('descend' as const) : null,
    sortDirections: ['descend' as const],
  });
  return (
    <section className="ct-card" data-testid="ct-leaderboard">
      <Segmented
        className="ct-periods"
        value={period}
        onChange={(v) => setPeriod(v as CopyPeriod)}
        options={COPY_PERIODS.map((p) => ({
          value: p,
          label: t('copyTrading.period', { days: p }),
        }))}
      />
      <Table<CopyLeader>
        rowKey="leadId"
        size="small"
        scroll={{ x: true }}
        loading={leaders.isPending}
        dataSource={leaders.data ?? []}
        pagination={false}
        locale={{ emptyText: t('copyTrading.noLeaders') }}
        onChange={(_p, _f, sorter) => {
          const s = sorter as SorterResult<CopyLeader>;
          if (s.columnKey) setSort(s.columnKey as CopySort);
        }}
        onRow={(row) => ({ 'data-testid': `ct-leader-${row.nickname}` }) as object}
        columns={[
          {
            title: t('copyTrading.trader'),
            dataIndex: 'nickname',
            fixed: 'left',
            render: (name: string, row) => (
              <Button type="link" className="ct-name" onClick={() => onOpen(row.leadId)}>
                {name}
              </Button>
            ),
          },
          {
            title: t('copyTrading.roi'),
            dataIndex: 'roi',
            ...sorted('roi'),
            render: (v: string) => <span className={tone(v)}>{percent(v)}</span>,
          },
          {
            title: t('copyTrading.pnl'),
            dataIndex: 'pnl',
            ...sorted('pnl'),
            render: (v: string) => <span className={tone(v)}>{usdt(v)}</span>,
          },
          {
            title: t('copyTrading.winRate'),
            dataIndex: 'winRate',
            ...sorted('winRate'),
            render: (v: string) => `${v}%`,
          },
          {
            title: t('copyTrading.maxDrawdown'),
            dataIndex: 'maxDrawdown',
            ...sorted('maxDrawdown'),
            sortDirections: ['ascend' as const],
            sortOrder: sort === 'maxDrawdown' ? ('ascend' as const) : null,
            render: (v: string) => `${v}%`,
          },
          {
            title: t('copyTrading.followers'),
            dataIndex: 'followers',
            ...sorted('followers'),
            render: (v: number, row) => `${v} / ${row.maxFollowers}`,
          },
          {
            title: t('copyTrading.aum'),
            dataIndex: 'aum',
            ...sorted('aum'),
            render: (v: string) => usdt(v),
          },
          {
            title: t('copyTrading.shareRate'),
            dataIndex: 'shareRate',
            render: (v: string) => `${(Number(v) * 100).toFixed(0)}%`,
          },
        ]}
      />
    </section>
  );
}
