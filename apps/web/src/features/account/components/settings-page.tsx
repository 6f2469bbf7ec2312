import { UserOutlined } from '@ant-design/icons';
import { Avatar, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useUserInfo } from '../../../entities/user/user';
import { UidLine, VipBadge } from './account-badges';
import { LoginHistory } from './login-history';
import { ReferralCard } from './referral-card';
import { SecurityOverviewCard } from './security-overview-card';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';

/** Account settings: who you are, the security of the account, whom you referred, and where it was logged in from. */
export function SettingsPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const { data: user, isPending } = useUserInfo();

  if (isPending) {
    return (
      <div className="settings-page">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (!user) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${localePath('/login')}?redirect=${back}`} replace />;
  }

  return (
    <div className="settings-page" data-testid="settings-page">
      <h1>{t('account.settings')}</h1>
      <section className="settings-card settings-profile">
        <Avatar size={56} icon={<UserOutlined />} />
        <div className="settings-profile-text">
          <div className="settings-name">{user.loginName}</div>
          <div className="settings-meta">
            <UidLine userId={user.userId} />
            <VipBadge user={user} />
          </div>
          <div className="settings-meta">
            {t('security.registeredOn', {
              date: dayjs(user.registerTime).format('YYYY-MM-DD'),
            })}
          </div>
        </div>
      </section>
      <SecurityOverviewCard />
      <ReferralCard />
      <LoginHistory />
    </div>
  );
}
