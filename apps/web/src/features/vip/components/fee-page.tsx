import { PercentageOutlined } from '@ant-design/icons';
import { Alert, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useQuery } from '@tanstack/react-query';
import { useFeeSchedule } from '../api/fee-schedule';
import { myVipQuery } from '../api/my-vip';
import { TierTable } from './tier-table';
import './vip.css';

/** `/fee`, public: every VIP tier's thresholds and maker/taker fees, spot and futures. */
export function FeePage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const schedule = useFeeSchedule();
  const { data: user } = useUserInfo();
  // A logged-in user sees its own tier marked.
  const mine = useQuery({ ...myVipQuery, enabled: Boolean(user) });
  const [product, setProduct] = useState<'spot' | 'futures'>('spot');

  return (
    <div className="vip-page" data-testid="fee-page">
      <header className="vip-header">
        <h1 className="vip-title">
          <PercentageOutlined className="vip-title-icon" />
          {t('vip.feeTitle')}
        </h1>
        <p className="vip-lead">{t('vip.feeLead')}</p>
        <div className="vip-links">
          <Link to={localePath(user ? '/vip/detail' : '/vip/vipIntroduce')}>
            {t(user ? 'vip.seeMine' : 'vip.introTitle')}
          </Link>
        </div>
      </header>
      <section className="vip-card">
        <Segmented
          className="vip-tabs"
          value={product}
          onChange={(v) => setProduct(v as 'spot' | 'futures')}
          options={[
            { value: 'spot', label: t('vip.spot') },
            { value: 'futures', label: t('vip.futures') },
          ]}
        />
        {schedule.isError ? (
          <Alert type="warning" showIcon message={t('vip.unavailable')} />
        ) : (
          <TierTable
            tiers={schedule.data?.tiers ?? []}
            product={product}
            current={mine.data?.level}
            loading={schedule.isPending}
          />
        )}
        <ul className="vip-notes">
          <li>{t('vip.noteQualify')}</li>
          <li>{t('vip.noteRebate')}</li>
          <li>{t('vip.noteRounding')}</li>
        </ul>
      </section>
    </div>
  );
}
