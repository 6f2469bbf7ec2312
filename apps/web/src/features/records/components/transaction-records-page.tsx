import type { AssetRecord, AssetRecordType } from '@quay/core';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageBox } from '../../../platform/widgets/message-box';
import { AppTooltip } from '../../../platform/widgets/app-tooltip';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useAssetRecords } from '../../../entities/balances/asset-records';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { formatCoinAmount } from '../../../platform/numbers/number-format';
import { shortAddress } from '../utils/figures';
import { RecordList } from './record-list';
import { RecordStatusTag } from './side-text';
import './records.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const PAGE_SIZE = 20;
const TYPES: readonly AssetRecordType[] = ['deposit', 'withdraw', 'transfer'];
const ACCOUNTS = ['spot', 'futures'] as const;
/** A card reads the coin, the amount and fee, then the address and the time in full rows. */
const CARD_ORDER = ['coin', 'amount', 'fee', 'address', 'time'];

function isType(value: string | null): value is AssetRecordType {
  return (TYPES as readonly (string | null)[]).includes(value);
}

/** Deposits, withdrawals and transfers, with their status; a pending withdrawal can be cancelled. */
export function TransactionRecordsPage() {
  const { t } = useTranslation();
  const { message } = useApp();
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
  const amount = (r: AssetRecord) => `${formatCoinAmount(r.amount, r.coin)} ${r.coin}`;

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

  const columns: RecordColumn<AssetRecord>[] = [
    {
      key: 'time',
      title: t('record.time'),
      render: (r) => <DateTime value={r.createdAt} />,
      card: 'wide',
    },
    {
      key: 'coin',
      title: t('record.coin'),
      render: (r) => <strong>{r.coin}</strong>,
      card: 'title',
    },
    {
      key: 'amount',
      title: t('record.amount'),
      align: 'end',
      render: (r) => <bdi dir="ltr">{formatCoinAmount(r.amount, r.coin)}</bdi>,
    },
    ...(type === 'withdraw'
      ? [
          {
            key: 'fee',
            title: t('record.fee'),
            align: 'end' as const,
            render: (r: AssetRecord) => formatCoinAmount(r.fee, r.coin),
          },
        ]
      : []),
    {
      key: 'address',
      title: type === 'transfer' ? t('record.direction') : t('record.address'),
      render: address,
      card: 'wide',
    },
    {
      key: 'status',
      title: t('record.status'),
      render: (r) => <RecordStatusTag status={r.status} />,
      card: 'end',
    },
    ...(type === 'withdraw'
      ? [
          {
            key: 'action',
            title: t('record.action'),
            align: 'end' as const,
            render: cancelButton,
            card: 'action' as const,
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
        <RecordList
          columns={columns}
          page={page}
          loading={records.isFetching}
          rowKey={(r) => r.id}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPage={setPageNo}
          cardOrder={CARD_ORDER}
        />
      </section>
    </WalletLayout>
  );
}
