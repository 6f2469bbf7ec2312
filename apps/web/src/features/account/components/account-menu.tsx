import { CopyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import type { UserInfo } from '@quay/core';
import { useLogout } from '../api/logout';

export function AccountMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logout = useLogout();
  const navigate = useNavigate();
  const localePath = useLocalePath();

  const header = (
    <div className="account-card">
      <div className="account-name">{user.loginName}</div>
      <div className="account-uid" data-testid="account-menu-uid">
        {t('account.uid')}: {user.userId}
        <button
          type="button"
          className="icon-button"
          aria-label={t('account.copy')}
          onClick={(e) => {
            e.stopPropagation();
            void navigator.clipboard
              ?.writeText(user.userId)
              .then(() => message.success(t('account.copied')));
          }}
        >
          <CopyOutlined />
        </button>
      </div>
      <Tag color={user.vipLevel > 0 ? 'gold' : 'default'}>
        {user.vipLevel > 0
          ? t('account.vipLevel', { level: user.vipLevel })
          : t('account.regularUser')}
      </Tag>
    </div>
  );

  return (
    <Dropdown
      trigger={['hover', 'click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'card', label: header, disabled: true, className: 'account-card-item' },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="account-menu-logout">{t('account.logout')}</span>,
            onClick: () => {
              void logout.mutateAsync().finally(() => {
                void message.info(t('account.loggedOut'));
                void navigate(localePath('/'));
              });
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
