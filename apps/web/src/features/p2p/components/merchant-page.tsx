import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMerchant } from '../api/p2p';
import { P2pNav } from './p2p-nav';
import './p2p.css';

/** /p2p/merchant/:id: a merchant's figures of 30 days, public. */
export function MerchantPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const merchant = useMerchant(id);
  const none = t('p2p.noFigure');
  if (merchant.isError) {
    return (
      <main className="p2p-page">
        <P2pNav />
        <p>{t('p2p.merchantMissing')}</p>
      </main>
    );
  }
  const m = merchant.data;
  const figures: Array<[string, string, string]> = m
    ? [
        ['completed', t('p2p.completed30d'), String(m.completed30d)],
        ['rate', t('p2p.completionRate'), m.completionRate ? `${m.completionRate}%` : none],
        [
          'release',
          t('p2p.avgRelease'),
          m.avgReleaseMin ? t('p2p.minutes', { minutes: m.avgReleaseMin }) : none,
        ],
        ['pay', t('p2p.avgPay'), m.avgPayMin ? t('p2p.minutes', { minutes: m.avgPayMin }) : none],
        [
          'positive',
          t('p2p.positiveRate'),
          m.positiveRate
            ? t('p2p.positiveRateFigure', { rate: m.positiveRate, reviews: m.feedbackCount })
            : none,
        ],
        ['registered', t('p2p.registeredDays'), t('p2p.daysFigure', { days: m.registeredDays })],
      ]
    : [];
  return (
    <main className="p2p-page p2p-merchant">
      <P2pNav />
      {!m ? (
        <Skeleton active />
      ) : (
        <>
          <h1>
            <bdi data-testid="p2p-merchant-name">{m.name}</bdi>
          </h1>
          <p className="p2p-hint">
            {t('p2p.merchantProfile')} · {t('p2p.last30Days')}
          </p>
          <dl className="p2p-merchant-figures" data-testid="p2p-merchant-figures">
            {figures.map(([key, label, value]) => (
              <div key={key} className="p2p-merchant-figure">
                <dt>{label}</dt>
                <dd>
                  <bdi data-testid={`p2p-merchant-${key}`}>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </main>
  );
}
