import {
  CustomerServiceOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const PROMISES = [
  { icon: <SafetyOutlined />, title: 'home.securityTitle', text: 'home.securityText' },
  { icon: <SafetyCertificateOutlined />, title: 'home.reservesTitle', text: 'home.reservesText' },
  { icon: <CustomerServiceOutlined />, title: 'home.supportTitle', text: 'home.supportText' },
] as const;

/** The frame of the login and register pages: the form card beside a brand panel on wide screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <aside className="auth-panel">
        <h2>{t('home.heroTitle')}</h2>
        <ul>
          {PROMISES.map((p) => (
            <li key={p.title}>
              <span className="auth-panel-icon">{p.icon}</span>
              <div>
                <strong>{t(p.title)}</strong>
                <p>{t(p.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
      <section className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
