import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  isPerpSymbol,
  pairOfPerp,
  type ProtectionFundEvent,
  type ProtectionFundEventKind,
} from '@quay/core';
import { Empty, Pagination, Segmented, Skeleton, Spin, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatUsdt } from '../../../platform/numbers/number-format';
import { useSettings } from '../../../platform/settings/settings-store';
import { DateTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import { useProtectionFund } from '../api/protection-fund';
import {
  FUND_RANGES,
  fundChangeSince,
  fundChartPoints,
  type FundRange,
} from '../utils/fund-history';
import { signedFundAmount } from '../utils/fund-figures';
import './protection-fund.css';

// The charting library loads in its own chunk, as the spot chart does.
const FundChart = lazy(() => import('./fund-chart'));

const PAGE_SIZE = 10;
const DAY_MS = 86_400_000;

const KIND_COLOR: Record<ProtectionFundEventKind, string> = {
  inflow: 'success',
  payout: 'warning',
  seed: 'processing',
};

/**
 * The protection fund (public): what it holds now, how it grew, its latest
 * movements, and what it is for, as the large exchanges explain theirs.
 */
export function ProtectionFundPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const theme = useSettings((s) => s.theme);
  const fund = useProtectionFund();
  const [range, setRange] = useState<FundRange>('30d');
  const [pageNo, setPageNo] = useState(1);
  const [now] = useState(() => Date.now());
  const coin = fund.data?.coin ?? 'USDT';

  const points = useMemo(
    () => (fund.data ? fundChartPoints(fund.data, fund.dataUpdatedAt || now, range) : []),
    [fund.data, fund.dataUpdatedAt, now, range],
  );
  const change = fund.data
    ? fundChangeSince(fund.data, (fund.dataUpdatedAt || now) - DAY_MS)
    : null;
  const events = fund.data?.events ?? [];
  const shown = events.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);

  const kind = (e: ProtectionFundEvent) => (
    <Tag bordered={false} color={KIND_COLOR[e.kind]}>
      {t(`protectionFund.kinds.${e.kind}`)}
    </Tag>
  );
  const amount = (e: ProtectionFundEvent) => {
    const { text, trend } = signedFundAmount(e.amount);
    return (
      <bdi dir="ltr" className={`fund-amount fund-${trend}`}>
        {text}
      </bdi>
    );
  };
  // A seed names no perpetual (the server may send its coin there).
  const symbol = (e: ProtectionFundEvent) => (isPerpSymbol(e.symbol) ? pairOfPerp(e.symbol) : '--');

  const columns: ColumnsType<ProtectionFundEvent> = [
    {
      title: t('protectionFund.time'),
      dataIndex: 'time',
      render: (v: number) => <DateTime value={v} />,
    },
    { title: t('protectionFund.kind'), key: 'kind', render: (_, e) => kind(e) },
    { title: t('protectionFund.symbol'), key: 'symbol', render: (_, e) => symbol(e) },
    {
      title: t('protectionFund.amount', { coin }),
      key: 'amount',
      align: 'end',
      render: (_, e) => amount(e),
    },
    {
      title: t('protectionFund.balanceAfter', { coin }),
      dataIndex: 'balanceAfter',
      align: 'end',
      render: (v: string) => <bdi dir="ltr">{formatUsdt(v)}</bdi>,
    },
  ];

  return (
    <div className="fund-page" data-testid="protection-fund">
      <section className="fund-hero">
        <div className="fund-hero-text">
          <h1 className="fund-title">
            <SafetyCertificateOutlined className="fund-title-icon" />
            {t('protectionFund.title')}
          </h1>
          <p className="fund-lead">{t('protectionFund.lead')}</p>
        </div>
        <div className="fund-balance-card">
          <span className="fund-label">{t('protectionFund.balanceNow')}</span>
          {fund.data ? (
            <>
              <div className="fund-balance" data-testid="fund-balance">
                <bdi dir="ltr">{formatUsdt(fund.data.balance)}</bdi>
                <span className="fund-coin">{coin}</span>
              </div>
              {change ? (
                <span className="fund-change">
                  {t('protectionFund.change24h')}{' '}
                  <bdi
                    dir="ltr"
                    className={`fund-${signedFundAmount(change.change.toFixed()).trend}`}
                  >
                    {signedFundAmount(change.change.toFixed()).text} (
                    {formatPercent(change.percent, true)})
                  </bdi>
                </span>
              ) : null}
            </>
          ) : fund.isError ? (
            <span className="fund-unavailable">{t('protectionFund.unavailable')}</span>
          ) : (
            <Skeleton.Input active size="large" />
          )}
        </div>
      </section>

      <section className="fund-card">
        <div className="fund-card-head">
          <h2 className="fund-card-title">{t('protectionFund.historyTitle')}</h2>
          <Segmented<FundRange>
            size="small"
            value={range}
            onChange={setRange}
            data-testid="fund-range"
            options={FUND_RANGES.map((r) => ({ value: r, label: t(`protectionFund.ranges.${r}`) }))}
          />
        </div>
        <div className="fund-chart">
          {points.length > 0 ? (
            <Suspense
              fallback={
                <div className="fund-chart-loading">
                  <Spin size="small" />
                </div>
              }
            >
              <FundChart points={points} theme={theme} />
            </Suspense>
          ) : fund.isPending ? (
            <div className="fund-chart-loading">
              <Spin size="small" />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
          )}
        </div>
      </section>

      <section className="fund-card fund-card-flush">
        <h2 className="fund-card-title fund-card-title-pad">
          {t('protectionFund.movementsTitle')}
        </h2>
        {isMobile ? (
          <>
            {shown.length > 0 ? (
              <ul className="fund-events" data-testid="fund-events">
                {shown.map((e) => (
                  <li key={e.id}>
                    <div className="fund-event-top">
                      <span className="fund-event-kind">
                        {kind(e)}
                        <strong>{symbol(e)}</strong>
                      </span>
                      {amount(e)}
                    </div>
                    <div className="fund-event-bottom">
                      <DateTime value={e.time} />
                      <span>
                        {t('protectionFund.balanceAfter', { coin })}{' '}
                        <bdi dir="ltr">{formatUsdt(e.balanceAfter)}</bdi>
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
            )}
            {events.length > PAGE_SIZE ? (
              <Pagination
                className="fund-pager"
                simple
                current={pageNo}
                pageSize={PAGE_SIZE}
                total={events.length}
                onChange={setPageNo}
              />
            ) : null}
          </>
        ) : (
          <Table<ProtectionFundEvent>
            data-testid="fund-events"
            className="fund-table"
            rowKey="id"
            size="middle"
            loading={fund.isPending}
            columns={columns}
            dataSource={events}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
              ),
            }}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        )}
      </section>

      <section className="fund-card fund-explain">
        <h2 className="fund-card-title">{t('protectionFund.whatTitle')}</h2>
        <div className="fund-explain-grid">
          {(['purpose', 'inflow', 'payout', 'adl'] as const).map((key) => (
            <article key={key}>
              <h3>{t(`protectionFund.explain.${key}Title`)}</h3>
              <p>{t(`protectionFund.explain.${key}`)}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
