import { SafetyOutlined } from '@ant-design/icons';
import type { ReservesCoin, ReservesSnapshot } from '@quay/core/earn';
import { Alert, Button, Empty, Pagination, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import { useLatestReserves, useMyProof, useReservesHistory } from '../api/reserves';
import { ProofCheckPanel } from './proof-check';
import './reserves.css';

const PAGE_SIZE = 10;

const ratioText = (ratio: string) => (ratio === '' ? '--' : `${(Number(ratio) * 100).toFixed(2)}%`);

/**
 * Proof of reserves (`/proof-of-reserves`): the newest snapshot's Merkle
 * root, what users are owed and what the exchange holds per coin with the
 * ratio, the history of snapshots; logged in, the user's own leaf and path,
 * verified here with Web Crypto, step by step.
 */
export function ReservesPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: user } = useUserInfo();
  const latest = useLatestReserves();
  const [pageNo, setPageNo] = useState(1);
  const history = useReservesHistory(pageNo, PAGE_SIZE);
  const proof = useMyProof(Boolean(user) && Boolean(latest.data));
  const snapshot = latest.data;

  const coinColumns: ColumnsType<ReservesCoin> = [
    { title: t('reserves.coin'), dataIndex: 'coin' },
    {
      title: t('reserves.liabilities'),
      dataIndex: 'liabilities',
      align: 'end',
      render: (v: string) => <bdi dir="ltr">{v}</bdi>,
    },
    {
      title: t('reserves.reserves'),
      dataIndex: 'reserves',
      align: 'end',
      render: (v: string) => <bdi dir="ltr">{v}</bdi>,
    },
    {
      title: t('reserves.ratio'),
      dataIndex: 'ratio',
      align: 'end',
      render: (v: string) => <bdi dir="ltr">{ratioText(v)}</bdi>,
    },
  ];
  const historyColumns: ColumnsType<ReservesSnapshot> = [
    { title: t('reserves.time'), dataIndex: 'time', render: (v: number) => <DateTime value={v} /> },
    {
      title: t('reserves.root'),
      dataIndex: 'root',
      render: (v: string) => (
        <bdi dir="ltr" className="por-hash">
          {v}
        </bdi>
      ),
    },
    { title: t('reserves.users'), dataIndex: 'users', align: 'end' },
    {
      title: t('reserves.ratio'),
      key: 'ratio',
      align: 'end',
      render: (_, s) => (
        <bdi dir="ltr">
          {s.coins
            .filter((c) => c.ratio !== '')
            .map((c) => `${c.coin} ${ratioText(c.ratio)}`)
            .join(' · ')}
        </bdi>
      ),
    },
  ];

  const proofError = proof.error instanceof ApiError ? proof.error.msg : null;

  return (
    <div className="por-page" data-testid="reserves-page">
      <section className="por-hero">
        <h1 className="por-title">
          <SafetyOutlined className="por-title-icon" />
          {t('reserves.title')}
        </h1>
        <p className="por-lead">{t('reserves.lead')}</p>
      </section>

      <section className="por-card">
        <h2 className="por-card-title">{t('reserves.latest')}</h2>
        {latest.isPending ? (
          <Skeleton active />
        ) : snapshot ? (
          <>
            <dl className="por-figures">
              <div>
                <dt>{t('reserves.root')}</dt>
                <dd>
                  <bdi dir="ltr" className="por-hash" data-testid="por-root">
                    {snapshot.root}
                  </bdi>
                </dd>
              </div>
              <div>
                <dt>{t('reserves.time')}</dt>
                <dd>
                  <DateTime value={snapshot.time} />
                </dd>
              </div>
              <div>
                <dt>{t('reserves.users')}</dt>
                <dd>{snapshot.users}</dd>
              </div>
            </dl>
            {isMobile ? (
              <ul className="por-coins" data-testid="por-coins">
                {snapshot.coins.map((c) => (
                  <li key={c.coin}>
                    <strong>{c.coin}</strong>
                    <span>
                      {t('reserves.ratio')} <bdi dir="ltr">{ratioText(c.ratio)}</bdi>
                    </span>
                    <span className="por-muted">
                      {t('reserves.liabilities')} <bdi dir="ltr">{c.liabilities}</bdi>
                    </span>
                    <span className="por-muted">
                      {t('reserves.reserves')} <bdi dir="ltr">{c.reserves}</bdi>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Table
                rowKey="coin"
                size="small"
                columns={coinColumns}
                dataSource={snapshot.coins}
                pagination={false}
                data-testid="por-coins"
              />
            )}
            <p className="por-muted por-explain" data-testid="por-holdings-rule">
              {t('reserves.holdingsRule')}
            </p>
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reserves.none')} />
        )}
      </section>

      <section className="por-card">
        <h2 className="por-card-title">{t('reserves.myProof')}</h2>
        {!user ? (
          <div className="por-login">
            <p>{t('reserves.loginPrompt')}</p>
            <Button type="primary" onClick={() => void navigate(localePath('/login'))}>
              {t('header.login')}
            </Button>
          </div>
        ) : proof.data ? (
          <ProofCheckPanel proof={proof.data} />
        ) : proofError ? (
          <Alert type="info" showIcon message={proofError} />
        ) : snapshot ? (
          <Skeleton active />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reserves.none')} />
        )}
        <p className="por-muted por-explain">{t('reserves.howItWorks')}</p>
      </section>

      <section className="por-card">
        <h2 className="por-card-title">{t('reserves.history')}</h2>
        {isMobile ? (
          <ul className="por-coins">
            {(history.data?.items ?? []).map((s) => (
              <li key={s.id}>
                <DateTime value={s.time} />
                <bdi dir="ltr" className="por-hash">
                  {s.root}
                </bdi>
              </li>
            ))}
          </ul>
        ) : (
          <Table
            rowKey="id"
            size="small"
            columns={historyColumns}
            dataSource={history.data?.items ?? []}
            loading={history.isPending}
            pagination={false}
          />
        )}
        {(history.data?.total ?? 0) > PAGE_SIZE ? (
          <Pagination
            className="por-pager"
            simple={isMobile}
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={history.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setPageNo}
          />
        ) : null}
      </section>
    </div>
  );
}
