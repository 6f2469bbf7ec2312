import {
  ApiOutlined,
  ExperimentOutlined,
  LogoutOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@quay/core';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { setSimulation } from '../../../platform/simulation/simulation-mode';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { useLogout } from '../api/logout';
import { UidLine, VipBadge } from './account-badges';
import { useApp } from '../../../platform/widgets/app-widgets';

/** The logged-in user in the header: avatar and masked login name; UID, VIP level and log-out on hover or click. */
export function AccountMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const logout = useLogout();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const simulation = useSimulation();

  const card = (
    <div className="account-card">
      <Avatar size={40} icon={<UserOutlined />} />
      <div className="account-card-text">
        <div className="account-name">{user.loginName}</div>
        <div className="account-uid">
          <UidLine userId={user.userId} testId="account-menu-uid" />
        </div>
        <VipBadge user={user} />
      </div>
    </div>
  );

  return (
    <Dropdown
      trigger={['hover', 'click']}
      placement="bottomRight"
      popupRender={(menu) => (
        <div className="account-panel">
          {card}
          {menu}
        </div>
      )}
      menu={{
        items: [
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: <span data-testid="account-menu-settings">{t('account.settings')}</span>,
            onClick: () => void navigate(localePath('/account/setting')),
          },
          {
            key: 'api-keys',
            icon: <ApiOutlined />,
            label: <span data-testid="account-menu-api-keys">{t('account.apiKeys')}</span>,
            onClick: () => void navigate(localePath('/account/newapi')),
          },
          {
            key: 'sub-accounts',
            icon: <TeamOutlined />,
            label: <span data-testid="account-menu-sub-accounts">{t('account.subAccounts')}</span>,
            onClick: () => void navigate(localePath('/account/sub-account')),
          },
          {
            key: 'simulation',
            icon: <ExperimentOutlined />,
            label: (
              <span data-testid="account-menu-simulation">
                {t(simulation ? 'simulation.switchOff' : 'simulation.switchOn')}
              </span>
            ),
            onClick: () => setSimulation(!simulation),
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="account-menu-logout">{t('account.logout')}</span>,
            onClick: () => {
              // Logged out either way: a failed call still ends the session on this side.
              const done = () => {
                void message.info(t('account.loggedOut'));
                void navigate(localePath('/'));
              };
              void logout.mutateAsync().then(done, done);
            },
          },
        ],
      }}
    >
      <button
        type="button"
        className="account-trigger"
        data-testid="account-menu"
        aria-label={user.loginName}
      >
        <Avatar size={28} icon={<UserOutlined />} />
        <span className="account-trigger-name">{user.loginName}</span>
      </button>
    </Dropdown>
  );
}
