import type { CopyLeadTrade, CopyPeriod } from '@quay/core/copy-trading';
import { Button, Drawer, Segmented, Skeleton, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../platform/settings/settings-store';
import { useIsMobile } from '../../../ui/use-media';
import { useLeaderProfile } from '../api/copy-trading';
import { FollowDialog } from './follow-dialog';
import { percent, tone, usdt } from './figures';
import { PositionsTable } from './positions-table';
import { timeAndSymbol } from './trade-columns';

const EquityChart = lazy(() => import('./equity-chart'));

/** A lead's profile in a drawer: figures per period, the equity curve, open positions, trades; the follow button. */
export function LeadProfile({
  leadId,
  signedIn,
  onClose,
  onFollowed,
}: {
  leadId: string | null;
  signedIn: boolean;
  onClose: () => void;
  onFollowed: () => void;
}) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const isMobile = useIsMobile();
  const [period, setPeriod] = useState<CopyPeriod>(30);
  const [following, setFollowing] = useState(false);
  const profile = useLeaderProfile(leadId, period);
  const data = profile.data;
  const stats = data?.stats.find((s) => s.period === period);
  return (
    <Drawer
      open={leadId !== null}
      onClose={onClose}
      width={isMobile ? '100%' : 720}
      title={data?.leader.nickname ?? ''}
      destroyOnHidden
      extra={
        data ? (
          <Button
            type="primary"
            data-testid="ct-follow-open"
            disabled={!signedIn}
            onClick={() => setFollowing(true)}
          >
            {t('copyTrading.follow')}
          </Button>
        ) : null
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <div className="ct-profile" data-testid="ct-profile">
          {!signedIn ? <p className="ct-muted">{t('copyTrading.loginToCopy')}</p> : null}
          <Segmented
            value={period}
            onChange={(v) => setPeriod(v as CopyPeriod)}
            options={data.stats.map((s) => ({
              value: s.period,
              label: t('copyTrading.period', { days: s.period }),
            }))}
          />
          {stats ? (
            <dl className="ct-stats">
              <div>
                <dt>{t('copyTrading.roi')}</dt>
                <dd className={tone(stats.roi)}>{percent(stats.roi)}</dd>
              </div>
              <div>
                <dt>{t('copyTrading.pnl')}</dt>
                <dd className={tone(stats.pnl)}>{usdt(stats.pnl)}</dd>
              </div>
              <div>
                <dt>{t('copyTrading.winRate')}</dt>
                <dd>{stats.winRate}%</dd>
              </div>
              <div>
                <dt>{t('copyTrading.maxDrawdown')}</dt>
                <dd>{stats.maxDrawdown}%</dd>
              </div>
              <div>
                <dt>{t('copyTrading.followers')}</dt>
                <dd>
                  {stats.followers} / {data.leader.maxFollowers}
                </dd>
              </div>
              <div>
                <dt>{t('copyTrading.aum')}</dt>
                <dd>{usdt(stats.aum)}</dd>
              </div>
              <div>
                <dt>{t('copyTrading.shareRate')}</dt>
                <dd>{(Number(data.leader.shareRate) * 100).toFixed(0)}%</dd>
              </div>
            </dl>
          ) : null}
          <h3>{t('copyTrading.equityCurve')}</h3>
          <Suspense fallback={<Skeleton active />}>
            <EquityChart points={data.equity} theme={theme} />
          </Suspense>
          <h3>{t('copyTrading.positions')}</h3>
          <PositionsTable positions={data.positions} testId="ct-lead-positions" />
          <h3>{t('copyTrading.trades')}</h3>
          <Table<CopyLeadTrade>
            rowKey={(r) => `${r.time}-${r.symbol}-${r.side}-${r.quantity}-${r.price}`}
            size="small"
            scroll={{ x: true }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={data.trades}
            columns={[
              ...timeAndSymbol<CopyLeadTrade>(t),
              {
                title: t('copyTrading.side'),
                dataIndex: 'side',
                render: (s: 'buy' | 'sell') => (
                  <span className={s === 'buy' ? 'ct-up' : 'ct-down'}>{t(`copyTrading.${s}`)}</span>
                ),
              },
              { title: t('copyTrading.quantity'), dataIndex: 'quantity' },
              { title: t('copyTrading.price'), dataIndex: 'price' },
              {
                title: t('copyTrading.realisedPnl'),
                dataIndex: 'realisedPnl',
                render: (v: string) => <span className={tone(v)}>{usdt(v)}</span>,
              },
            ]}
          />
          <FollowDialog
            open={following}
            leader={data.leader}
            onClose={() => setFollowing(false)}
            onDone={() => {
              setFollowing(false);
              onFollowed();
            }}
          />
        </div>
      )}
    </Drawer>
  );
}
