import type { AssetRecord, AssetRecordType } from '@quay/core';
import { App, Button, Empty, Pagination, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageBox } from '../../../platform/widgets/message-box';
import { AppTooltip } from '../../../platform/widgets/app-tooltip';
import { DateTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useAssetRecords } from '../../../entities/balances/asset-records';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { formatFigure, shortAddress } from '../utils/figures';
import { RecordStatusTag } from './side-text';
import './records.css';

const PAGE_SIZE = 20;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const TYPES: readonly AssetRecordType[] = ['deposit', 'withdraw', 'transfer'];
const ACCOUNTS = ['spot', 'futures'] as const;

function isType(value: string | null): value is AssetRecordType {
  return (TYPES as readonly (string | null)[]).includes(value);
}

/** Deposits, withdrawals and transfers, with their status; a pending withdrawal can be cancelled. */
export function TransactionRecordsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: AssetRecordType = isType(typeParam) ? typeParam : 'deposit';
  const [pageNo, setPageNo] = useState(1);
  const records = useAssetRecords(type, pageNo, PAGE_SIZE);
  const cancel = useCancelWithdrawal();
  const page = records.data;

  /** `spot->futures` reads as "Spot → Futures"; an address stays as it is. */
  const where = (r: AssetRecord) => {
    if (r.type !== 'transfer') return r.address;
    return r.address
      .split('->')
      .map((a) => ((ACCOUNTS as readonly string[]).includes(a) ? t(`record.accounts.${a}`) : a))
      .join(' → ');
  };
  const amount = (r: AssetRecord) => `${formatFigure(r.amount)} ${r.coin}`;

  const askCancel = async (r: AssetRecord) => {
    const action = await messageBox({
      title: t('record.cancelTitle'),
      content: t('record.cancelText', { amount: amount(r) }),
      confirmText: t('record.cancelConfirm'),
      cancelText: t('record.keepWithdrawal'),
      testId: 'cancel-withdrawal',
    });
    if (action !== 'confirm') return;
    try {
      await cancel.mutateAsync(r.id);
      void message.success(t('record.cancelled'));
    } catch {
      // The request layer has shown why.
    }
  };

  const cancelButton = (r: AssetRecord) =>
    r.type === 'withdraw' && r.status === 'pending' ? (
      <Button
        size="small"
        danger
        type="link"
        data-testid={`cancel-${r.id}`}
        loading={cancel.isPending && cancel.variables === r.id}
        onClick={() => void askCancel(r)}
      >
        {t('record.cancelWithdrawal')}
      </Button>
    ) : null;

  const address = (r: AssetRecord) =>
    r.type === 'transfer' ? (
      where(r)
    ) : (
      <AppTooltip title={<bdi dir="ltr">{r.address}</bdi>}>
        <bdi dir="ltr" className="record-address">
          {shortAddress(r.address)}
        </bdi>
      </AppTooltip>
    );

  const columns: ColumnsType<AssetRecord> = [
    {
      title: t('record.time'),
      dataIndex: 'createdAt',
      render: (v: number) => <DateTime value={v} format={TIME_FORMAT} />,
    },
    { title: t('record.coin'), dataIndex: 'coin', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('record.amount'),
      dataIndex: 'amount',
      align: 'end',
      render: (v: string) => <bdi dir="ltr">{formatFigure(v)}</bdi>,
    },
    ...(type === 'withdraw'
      ? [
          {
            title: t('record.fee'),
            dataIndex: 'fee',
            align: 'end' as const,
            render: (v: string) => formatFigure(v),
          },
        ]
      : []),
    {
      title: type === 'transfer' ? t('record.direction') : t('record.address'),
      key: 'address',
      render: (_, r) => address(r),
    },
    {
      title: t('record.status'),
      dataIndex: 'status',
      render: (v: AssetRecord['status']) => <RecordStatusTag status={v} />,
    },
    ...(type === 'withdraw'
      ? [
          {
            title: t('record.action'),
            key: 'action',
            align: 'end' as const,
            render: (_: unknown, r: AssetRecord) => cancelButton(r),
          },
        ]
      : []),
  ];

  return (
    <WalletLayout testId="record-transac">
      <h1 className="wallet-title">{t('record.transactionHistory')}</h1>
      <section className="wallet-card record-card">
        <Tabs
          activeKey={type}
          onChange={(key) => {
            setPageNo(1);
            setParams({ type: key }, { replace: true });
          }}
          items={TYPES.map((k) => ({ key: k, label: t(`record.types.${k}`) }))}
        />
        {isMobile ? (
          <>
            {page && page.items.length > 0 ? (
              <ul className="record-cards" data-testid="record-rows">
                {page.items.map((r) => (
                  <li key={r.id}>
                    <div className="record-card-top">
                      <strong>{r.coin}</strong>
                      <RecordStatusTag status={r.status} />
                    </div>
                    <dl className="record-card-grid">
                      <div>
                        <dt>{t('record.amount')}</dt>
                        <dd>
                          <bdi dir="ltr">{formatFigure(r.amount)}</bdi>
                        </dd>
                      </div>
                      {r.type === 'withdraw' ? (
                        <div>
                          <dt>{t('record.fee')}</dt>
                          <dd>{formatFigure(r.fee)}</dd>
                        </div>
                      ) : null}
                      <div className="record-card-wide">
                        <dt>
                          {r.type === 'transfer' ? t('record.direction') : t('record.address')}
                        </dt>
                        <dd>{address(r)}</dd>
                      </div>
                      <div className="record-card-wide">
                        <dt>{t('record.time')}</dt>
                        <dd>
                          <DateTime value={r.createdAt} format={TIME_FORMAT} />
                        </dd>
                      </div>
                    </dl>
                    {cancelButton(r)}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
            )}
            {(page?.total ?? 0) > PAGE_SIZE ? (
              <Pagination
                className="record-pager"
                simple
                current={pageNo}
                pageSize={PAGE_SIZE}
                total={page?.total ?? 0}
                onChange={setPageNo}
              />
            ) : null}
          </>
        ) : (
          <Table<AssetRecord>
            data-testid="record-rows"
            className="record-table"
            rowKey="id"
            size="middle"
            loading={records.isFetching && !page}
            columns={columns}
            dataSource={page?.items ?? []}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
              ),
            }}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              total: page?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        )}
      </section>
    </WalletLayout>
  );
}
