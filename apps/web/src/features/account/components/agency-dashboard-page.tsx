import { CopyOutlined, TeamOutlined } from '@ant-design/icons';
import { ERRORS, type AgencyInvitee } from '@quay/core';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatUsdt } from '../../../platform/numbers/number-format';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { RecordTable } from '../../../ui/record-table';
import type { RecordColumn } from '../../../ui/record-cards';
import { useAgencyOverview } from '../api/agency';
import { useCopy } from './account-badges';
import './agency.css';

/** `2500` basis points read as `25%`. */
function sharePercent(bps: number): string {
  return `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;
}

/**
 * `/agency`: the agency's dashboard, read only: its commission share, its
 * referral code and link, and the accounts the code brought in (masked)
 * with their 30-day spot and futures volumes.
 */
export function AgencyDashboardPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const copy = useCopy();
  const user = useUserInfo();
  const overview = useAgencyOverview();

  if (!user.isPending && !user.data) return <Navigate to={localePath('/agency/login')} replace />;
  if (user.isPending || overview.isPending) {
    return (
      <div className="agency-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!overview.data) {
    const error = overview.error;
    const refused = error instanceof ApiError && error.code === ERRORS.AGENCY_NOT_GRANTED.code;
    return (
      <div className="agency-page">
        <Alert
          type="warning"
          showIcon
          data-testid="agency-refused"
          message={refused ? error.msg : t('agency.unavailable')}
          action={<Link to={localePath('/')}>{t('agency.home')}</Link>}
        />
      </div>
    );
  }
  const data = overview.data;
  const link = `${window.location.origin}${localePath('/register')}?vipCode=${encodeURIComponent(data.referralCode)}`;
  const columns: RecordColumn<AgencyInvitee>[] = [
    {
      key: 'user',
      title: t('agency.colUser'),
      card: 'title',
      render: (r) => <bdi>{r.userId}</bdi>,
    },
    {
      key: 'registered',
      title: t('agency.colRegistered'),
      render: (r) => <DateTime value={r.registerTime} format="YYYY-MM-DD" />,
    },
    { key: 'channel', title: t('agency.colChannel'), render: (r) => r.channel ?? '--' },
    {
      key: 'spot',
      title: t('agency.spotVolume'),
      align: 'end',
      render: (r) => formatUsdt(r.spotVolume),
    },
    {
      key: 'futures',
      title: t('agency.futuresVolume'),
      align: 'end',
      render: (r) => formatUsdt(r.futuresVolume),
    },
  ];
  const stats = [
    {
      key: 'share',
      label: t('agency.share'),
      value: sharePercent(data.commissionShareBps),
      hint: t('agency.shareHint'),
    },
    { key: 'invitees', label: t('agency.invitees'), value: String(data.inviteeCount), hint: null },
    {
      key: 'spot',
      label: t('agency.spotVolume'),
      value: formatUsdt(data.spotVolume),
      hint: 'USDT',
    },
    {
      key: 'futures',
      label: t('agency.futuresVolume'),
      value: formatUsdt(data.futuresVolume),
      hint: 'USDT',
    },
  ];

  return (
    <div className="agency-page" data-testid="agency-dashboard">
      <header className="agency-head">
        <h1 className="agency-title">
          <TeamOutlined className="agency-icon" /> {t('agency.title')}
        </h1>
        <p className="agency-since">
          {t('agency.since')} <DateTime value={data.since} format="YYYY-MM-DD" />
        </p>
      </header>
      <section className="agency-stats">
        {stats.map((s) => (
          <div key={s.key} className="agency-stat" data-testid={`agency-stat-${s.key}`}>
            <span className="agency-label">{s.label}</span>
            <strong className="agency-figure" dir="ltr">
              {s.value}
            </strong>
            {s.hint ? <span className="agency-hint">{s.hint}</span> : null}
          </div>
        ))}
      </section>
      <section className="agency-card agency-code">
        <div>
          <span className="agency-label">{t('agency.referralCode')}</span>
          <strong className="agency-figure" data-testid="agency-code">
            {data.referralCode}
          </strong>
        </div>
        <div className="agency-link">
          <span className="agency-label">{t('agency.link')}</span>
          <bdi dir="ltr" className="agency-link-text">
            {link}
          </bdi>
        </div>
        <Button icon={<CopyOutlined />} onClick={() => copy(link)}>
          {t('agency.copyLink')}
        </Button>
      </section>
      <section className="agency-card">
        <h2 className="agency-card-title">{t('agency.invitees')}</h2>
        <p className="agency-hint">{t('agency.volumeNote')}</p>
        <RecordTable
          testId="agency-invitees"
          columns={columns}
          rows={data.invitees}
          rowKey={(r) => `${r.userId}-${r.registerTime}`}
          empty={t('agency.empty')}
          scrollX="max-content"
        />
      </section>
    </div>
  );
}
