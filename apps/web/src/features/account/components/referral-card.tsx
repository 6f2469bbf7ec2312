import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useReferralOverview } from '../api/referral-invitees';
import { useCopy } from './account-badges';
import { DateTime } from '../../../ui/date-time';

/** The user's referral code, the link to share, and the accounts it brought in. */
/** A labelled value with a copy button. */
function CopyField({
  label,
  value,
  className,
  testId,
  ltr = false,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
  ltr?: boolean;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className={className ? `referral-field ${className}` : 'referral-field'}>
      <span className="referral-label">{label}</span>
      <span className="referral-value" data-testid={testId} dir={ltr ? 'ltr' : undefined}>
        {value}
      </span>
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        aria-label={t('account.copy')}
        onClick={() => copy(value)}
      />
    </div>
  );
}

export function ReferralCard() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data, isPending } = useReferralOverview();

  if (isPending || !data) {
    return (
      <section className="settings-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </section>
    );
  }
  const link = `${window.location.origin}${localePath('/register')}?channelCode=${encodeURIComponent(data.referralCode)}`;

  return (
    <section className="settings-card" data-testid="referral-card">
      <h2>
        <GiftOutlined /> {t('security.referralTitle')}
      </h2>
      <div className="referral-row">
        <CopyField
          label={t('security.referralCode')}
          value={data.referralCode}
          testId="referral-code"
        />
        <CopyField label={t('security.referralLink')} value={link} className="referral-link" ltr />
        <div className="referral-field">
          <span className="referral-label">{t('security.invitees')}</span>
          <span className="referral-value" data-testid="referral-count">
            {data.inviteeCount}
          </span>
        </div>
      </div>
      {data.invitees.length > 0 ? (
        <ul className="invitee-list" data-testid="invitee-list">
          {data.invitees.map((i) => (
            <li key={`${i.userId}-${i.registerTime}`}>
              <span>{i.userId}</span>
              <span className="invitee-channel">{i.channel ?? '--'}</span>
              <DateTime value={i.registerTime} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('security.noInvitees')} />
      )}
    </section>
  );
}
