import { CrownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useFeeSchedule } from '../api/fee-schedule';
import { TierTable } from './tier-table';
import './vip.css';

const WAYS = ['spot', 'futures', 'assets'] as const;
const BENEFITS = ['lower', 'rebate', 'daily', 'makers'] as const;

/** `/vip/vipIntroduce`, public: what the VIP programme is, how to qualify and what it brings. */
export function VipIntroducePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: user } = useUserInfo();
  const schedule = useFeeSchedule();

  return (
    <div className="vip-page" data-testid="vip-introduce">
      <section className="vip-intro-hero">
        <h1 className="vip-title">
          <CrownOutlined className="vip-title-icon" />
          {t('vip.introTitle')}
        </h1>
        <p className="vip-lead">{t('vip.introLead')}</p>
        <div className="vip-actions">
          <Button
            type="primary"
            onClick={() => void navigate(localePath(user ? '/vip/detail' : '/register'))}
          >
            {t(user ? 'vip.seeMine' : 'vip.join')}
          </Button>
          <Button onClick={() => void navigate(localePath('/fee'))}>{t('vip.viewSchedule')}</Button>
        </div>
      </section>

      <section className="vip-card">
        <h2 className="vip-card-title">{t('vip.howTitle')}</h2>
        <p className="vip-hint">{t('vip.anyOne')}</p>
        <div className="vip-grid">
          {WAYS.map((way) => (
            <article key={way}>
              <h3>{t(`vip.how.${way}Title`)}</h3>
              <p>{t(`vip.how.${way}`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="vip-card">
        <h2 className="vip-card-title">{t('vip.benefitsTitle')}</h2>
        <div className="vip-grid">
          {BENEFITS.map((b) => (
            <article key={b}>
              <h3>{t(`vip.benefits.${b}Title`)}</h3>
              <p>{t(`vip.benefits.${b}`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="vip-card">
        <h2 className="vip-card-title">{t('vip.tiersTitle')}</h2>
        <TierTable tiers={schedule.data?.tiers ?? []} product="spot" loading={schedule.isPending} />
      </section>
    </div>
  );
}
