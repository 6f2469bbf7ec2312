import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import { describeUserAgent, type AccountSession } from '@quay/core';
import { Button, Empty, Skeleton, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { useAccountSessions, useRevokeSessions } from '../api/account-sessions';
import { LoginHistory } from './login-history';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

function SessionRow({ session, onRevoke }: { session: AccountSession; onRevoke(): void }) {
  const { t } = useTranslation();
  const device = describeUserAgent(session.userAgent);
  return (
    <li data-testid="session-row" data-current={session.current}>
      <span className="factor-icon">
        {session.system && MOBILE_SYSTEMS.has(session.system) ? (
          <MobileOutlined />
        ) : (
          <DesktopOutlined />
        )}
      </span>
      <div className="session-text">
        <strong>
          {device ?? t('accountSecurity.devices.unknownDevice')}{' '}
          {session.current ? (
            <Tag color="success" data-testid="session-current">
              {t('accountSecurity.devices.current')}
            </Tag>
          ) : null}
        </strong>
        <span>
          <bdi dir="ltr">{session.ip ?? '--'}</bdi> ·{' '}
          {session.place ?? t('accountSecurity.devices.unknownPlace')}
        </span>
        <span>
          {t('accountSecurity.devices.firstSeen')}{' '}
          <DateTime value={session.firstSeenAt} format="YYYY-MM-DD HH:mm:ss" />
        </span>
        <span>
          {t('accountSecurity.devices.lastSeen')}{' '}
          <DateTime value={session.lastSeenAt} format="YYYY-MM-DD HH:mm:ss" />
        </span>
      </div>
      {session.current ? null : (
        <Button danger onClick={onRevoke} data-testid="session-revoke">
          {t('accountSecurity.devices.revoke')}
        </Button>
      )}
    </li>
  );
}

/** /account/setting/devices: where the account is signed in, each session ended at will, and the login history. */
export function DevicesPage() {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const { data: sessions, isPending } = useAccountSessions();
  const revoke = useRevokeSessions();
  const others = (sessions ?? []).filter((s) => !s.current).length;

  function confirmRevoke(id: string | null) {
    modal.confirm({
      title: t(
        id ? 'accountSecurity.devices.revokeTitle' : 'accountSecurity.devices.revokeAllTitle',
      ),
      content: t('accountSecurity.devices.revokeText'),
      okText: t('accountSecurity.devices.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'session-revoke-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      async onOk() {
        try {
          await revoke.mutateAsync(id);
          void message.success(t('accountSecurity.devices.revoked'));
        } catch (err) {
          if (err instanceof ApiError) void message.error(err.msg);
        }
      },
    });
  }

  return (
    <div className="settings-page security-subpage" data-testid="devices-page">
      <SecurityPageHead title={t('accountSecurity.devices.title')} />
      <section className="settings-card">
        <div className="security-card-head">
          <h2>
            <DesktopOutlined /> {t('accountSecurity.devices.sessions')}
          </h2>
          <Button
            icon={<LogoutOutlined />}
            disabled={others === 0}
            onClick={() => confirmRevoke(null)}
            data-testid="session-revoke-all"
          >
            {t('accountSecurity.devices.revokeAll')}
          </Button>
        </div>
        <p className="factor-intro">{t('accountSecurity.devices.intro')}</p>
        {isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : sessions && sessions.length > 0 ? (
          <ul className="session-list" data-testid="session-list">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} onRevoke={() => confirmRevoke(s.id)} />
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )}
      </section>
      <LoginHistory />
    </div>
  );
}
