import { PlusOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import {
  switchIntoSub,
  useFreezeSubAccount,
  useSubAccounts,
  useSubTransfers,
  useUnfreezeSubAccount,
} from '../api/sub-accounts';
import { CreateDialog } from './create-dialog';
import { SubCard } from './sub-card';
import { TransferDialog } from './transfer-dialog';
import './sub-accounts.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** /account/sub-account: the main account's subs, their assets, transfers and switching. */
export function SubAccountsPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const { data: list, isPending, error } = useSubAccounts();
  const { data: transfers } = useSubTransfers();
  const freeze = useFreezeSubAccount();
  const unfreeze = useUnfreezeSubAccount();
  const [creating, setCreating] = useState(false);
  const [transferTo, setTransferTo] = useState<string | null | undefined>(undefined);
  const [switching, setSwitching] = useState(false);

  const fail = (err: unknown) => {
    if (err instanceof ApiError) void message.error(err.msg);
  };
  async function onSwitch(userId: string) {
    setSwitching(true);
    try {
      await switchIntoSub(userId);
      // A fresh page: nothing the main account read stays in memory for the sub.
      location.assign(localePath('/asset/spot'));
    } catch (err) {
      setSwitching(false);
      fail(err);
    }
  }
  async function onFreeze(userId: string, on: boolean) {
    try {
      await (on ? freeze : unfreeze).mutateAsync({ userId });
      void message.success(t(on ? 'subAccounts.frozenDone' : 'subAccounts.unfrozenDone'));
    } catch (err) {
      fail(err);
    }
  }
  const nameOf = (userId: string) =>
    userId === list?.mainUserId
      ? t('subAccounts.mainAccount')
      : (list?.subs.find((s) => s.userId === userId)?.name ?? userId);

  if (error instanceof ApiError) {
    return (
      <div className="sub-page" data-testid="sub-accounts-page">
        <h1>
          <TeamOutlined /> {t('subAccounts.title')}
        </h1>
        <p className="sub-hint" data-testid="sub-accounts-refused">
          {error.msg}
        </p>
      </div>
    );
  }

  return (
    <div className="sub-page" data-testid="sub-accounts-page">
      <div className="sub-head">
        <div>
          <h1>
            <TeamOutlined /> {t('subAccounts.title')}
          </h1>
          <p className="sub-hint">{t('subAccounts.intro')}</p>
        </div>
        <div className="sub-head-actions">
          {list ? (
            <span className="sub-count">
              {t('subAccounts.count', { used: list.subs.length, max: list.max })}
            </span>
          ) : null}
          <Button
            icon={<SwapOutlined />}
            disabled={!list || list.subs.length === 0}
            onClick={() => setTransferTo(null)}
            data-testid="sub-transfer-open"
          >
            {t('subAccounts.transfer')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!list || list.subs.length >= list.max}
            onClick={() => setCreating(true)}
            data-testid="sub-create"
          >
            {t('subAccounts.create')}
          </Button>
        </div>
      </div>
      {isPending || !list ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.subs.length === 0 ? (
        <Empty description={t('subAccounts.empty')} />
      ) : (
        <ul className="sub-list">
          {list.subs.map((sub) => (
            <SubCard
              key={sub.userId}
              sub={sub}
              actions={{ onTransfer: setTransferTo, onSwitch, onFreeze, busy: switching }}
            />
          ))}
        </ul>
      )}
      {transfers && transfers.length > 0 ? (
        <section className="sub-section">
          <h2>{t('subAccounts.history')}</h2>
          <ul className="sub-transfers" data-testid="sub-transfers">
            {transfers.map((row) => (
              <li key={row.id}>
                <span>
                  {nameOf(row.fromUserId)} → {nameOf(row.toUserId)}
                </span>
                <bdi dir="ltr">{`${row.amount} ${row.coin}`}</bdi>
                <DateTime value={row.createdAt} className="sub-time" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {creating && list ? (
        <CreateDialog mainUserId={list.mainUserId} onClose={() => setCreating(false)} />
      ) : null}
      {transferTo !== undefined && list ? (
        <TransferDialog
          list={list}
          initialTo={transferTo}
          onClose={() => setTransferTo(undefined)}
        />
      ) : null}
    </div>
  );
}
