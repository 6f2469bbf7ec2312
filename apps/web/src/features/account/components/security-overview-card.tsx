import {
  DesktopOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Alert, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import { useSecurityFactors } from '../api/security-factors';
import { usePasskeys } from '../api/passkeys';
import { useLinkedIdentities } from '../api/third-party';
import { useSecurityOverview } from '../api/security-overview';

interface Row {
  key: string;
  icon: ReactNode;
  title: string;
  text: ReactNode;
  state?: ReactNode;
  to: string;
  action: string;
  danger?: boolean;
}

/** The security overview of /account/setting: each setting, its state and the page that changes it. */
export function SecurityOverviewCard() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: overview } = useSecurityOverview();
  const { data: factors } = useSecurityFactors();
  const { data: passkeys } = usePasskeys();
  const { data: linked } = useLinkedIdentities();
  const factorsOn = factors ? [factors.google, factors.email, factors.mobile].filter(Boolean) : [];

  const rows: Row[] = [
    {
      key: 'password',
      icon: <LockOutlined />,
      title: t('accountSecurity.password.title'),
      text: overview?.passwordChangedAt ? (
        <>
          {t('accountSecurity.password.changedAt')}{' '}
          <DateTime value={overview.passwordChangedAt} format="YYYY-MM-DD HH:mm:ss" />
        </>
      ) : (
        t('accountSecurity.password.text')
      ),
      to: '/account/setting/password',
      action: t('accountSecurity.change'),
    },
    {
      key: '2fa',
      icon: <SafetyCertificateOutlined />,
      title: t('auth2fa.sectionTitle'),
      text: t('auth2fa.securityText'),
      state: factors ? (
        <Tag color={factorsOn.length > 0 ? 'success' : 'warning'}>
          {t(factorsOn.length > 0 ? 'auth2fa.on' : 'auth2fa.off')}
        </Tag>
      ) : null,
      to: '/modifyverification',
      action: t('auth2fa.manage'),
    },
    {
      key: 'antiphishing',
      icon: <SafetyOutlined />,
      title: t('accountSecurity.antiPhishing.title'),
      text: t('accountSecurity.antiPhishing.text'),
      state: overview ? (
        <Tag color={overview.antiPhishingCode ? 'success' : 'default'}>
          {t(overview.antiPhishingCode ? 'accountSecurity.set' : 'accountSecurity.notSet')}
        </Tag>
      ) : null,
      to: '/account/setting/antiphishing',
      action: t(overview?.antiPhishingCode ? 'accountSecurity.change' : 'accountSecurity.setUp'),
    },
    {
      key: 'passkeys',
      icon: <KeyOutlined />,
      title: t('logins.passkeys.title'),
      text: t('logins.passkeys.text'),
      state: passkeys ? (
        <Tag color={passkeys.length > 0 ? 'success' : 'default'}>
          {passkeys.length > 0
            ? t('logins.passkeys.count', { count: passkeys.length })
            : t('accountSecurity.notSet')}
        </Tag>
      ) : null,
      to: '/account/setting/passkeys',
      action: t(passkeys?.length ? 'accountSecurity.manage' : 'accountSecurity.setUp'),
    },
    {
      key: 'linked',
      icon: <LinkOutlined />,
      title: t('thirdParty.linked.title'),
      text: t('thirdParty.linked.text'),
      state: linked ? (
        <Tag color={linked.length > 0 ? 'success' : 'default'}>
          {linked.length > 0
            ? t('thirdParty.linked.count', { count: linked.length })
            : t('accountSecurity.notSet')}
        </Tag>
      ) : null,
      to: '/account/setting/linked',
      action: t('accountSecurity.manage'),
    },
    {
      key: 'devices',
      icon: <DesktopOutlined />,
      title: t('accountSecurity.devices.title'),
      text: t('accountSecurity.devices.count', { count: overview?.sessionCount ?? 1 }),
      to: '/account/setting/devices',
      action: t('accountSecurity.manage'),
    },
    {
      key: 'freeze',
      icon: <StopOutlined />,
      title: t('accountSecurity.freeze.title'),
      text: t('accountSecurity.freeze.text'),
      to: '/account/setting/freeze',
      action: t('accountSecurity.freeze.action'),
      danger: true,
    },
  ];

  return (
    <section className="settings-card" data-testid="settings-security">
      <h2>
        <KeyOutlined /> {t('auth2fa.securityTitle')}
      </h2>
      {overview?.withdrawHeldUntil ? (
        <Alert
          className="security-hold"
          type="warning"
          showIcon
          data-testid="withdraw-hold"
          message={
            <>
              {t('accountSecurity.withdrawHeld')}{' '}
              <DateTime value={overview.withdrawHeldUntil} format="YYYY-MM-DD HH:mm:ss" />
            </>
          }
        />
      ) : null}
      <ul className="security-rows">
        {rows.map((row) => (
          <li key={row.key} data-testid={`security-row-${row.key}`}>
            <span className="factor-icon">{row.icon}</span>
            <div className="security-row-text">
              <strong>
                {row.title} {row.state}
              </strong>
              <span>{row.text}</span>
            </div>
            <ButtonLink
              to={localePath(row.to)}
              danger={row.danger}
              data-testid={row.key === '2fa' ? 'settings-2fa-link' : `settings-${row.key}-link`}
            >
              {row.action}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
