import { CrownOutlined } from '@ant-design/icons';
import { Alert, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatRate, formatUsdt } from '../../../platform/numbers/number-format';
import { DateTime } from '../../../ui/date-time';
import { useMyVip } from '../api/my-vip';
import { progressToNext } from '../utils/vip-progress';
import { usdtWhole } from './tier-table';
import './vip.css';

const RATE_KEYS = [
  ['spotMaker', 'spotMakerRate'],
  ['spotTaker', 'spotTakerRate'],
  ['futuresMaker', 'futuresMakerRate'],
  ['futuresTaker', 'futuresTakerRate'],
] as const;

/** `/vip/detail`, logged in: my tier, my rates, and how far each criterion is from the next tier. */
export function VipDetailPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const vip = useMyVip();

  if (vip.isPending) {
    return (
      <div className="vip-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!vip.data) {
    return (
      <div className="vip-page">
        <Alert type="warning" showIcon message={t('vip.unavailable')} />
      </div>
    );
  }
  const data = vip.data;
  const progress = progressToNext(data);

  return (
    <div className="vip-page" data-testid="vip-detail">
      <section className="vip-hero-card">
        <div className="vip-hero-level">
          <CrownOutlined className="vip-crown" />
          <div>
            <span className="vip-label">{t('vip.currentTier')}</span>
            <div className="vip-big" data-testid="vip-level">
              VIP{data.level}
            </div>
          </div>
          {data.assigned ? (
            <Tag bordered={false} color="gold">
              {t('vip.assigned')}
            </Tag>
          ) : null}
        </div>
        <p className="vip-computed">
          {data.computedAt === null ? (
            t('vip.notComputed')
          ) : (
            <>
              {t('vip.computedAt')} <DateTime value={data.computedAt} />
            </>
          )}
        </p>
        <div className="vip-links">
          <Link to={localePath('/fee')}>{t('vip.viewSchedule')}</Link>
          <Link to={localePath('/vip/vipIntroduce')}>{t('vip.introTitle')}</Link>
        </div>
      </section>

      <section className="vip-card">
        <h2 className="vip-card-title">{t('vip.myRates')}</h2>
        <dl className="vip-rates" data-testid="vip-rates">
          {RATE_KEYS.map(([label, key]) => (
            <div key={key}>
              <dt>{t(`vip.${label}`)}</dt>
              <dd>
                <bdi dir="ltr" className={data.rates[key].startsWith('-') ? 'vip-rebate' : ''}>
                  {formatRate(data.rates[key])}
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="vip-card" data-testid="vip-progress">
        <h2 className="vip-card-title">
          {data.next ? t('vip.progressTitle', { level: `VIP${data.next.level}` }) : t('vip.top')}
        </h2>
        {data.next ? <p className="vip-hint">{t('vip.anyOne')}</p> : null}
        {progress.map((p) => (
          <div key={p.criterion} className="vip-progress-row">
            <div className="vip-progress-head">
              <span>{t(`vip.${p.criterion}`)}</span>
              <bdi dir="ltr" className="vip-progress-figures">
                {formatUsdt(p.current)} / {usdtWhole(p.target)}
              </bdi>
            </div>
            <Progress percent={p.percent} showInfo={false} strokeColor="var(--brand)" />
            <span className="vip-hint">
              {p.percent >= 100
                ? t('vip.reached')
                : t('vip.missing', { amount: formatUsdt(p.missing) })}
            </span>
          </div>
        ))}
      </section>
    </div>
  );
}
