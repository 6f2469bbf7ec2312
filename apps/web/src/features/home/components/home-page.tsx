import {
  CheckOutlined,
  CustomerServiceOutlined,
  LineChartOutlined,
  PercentageOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSettings } from '../../../platform/settings/settings-store';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <article className="feature">
      <div className="feature-icon">{icon}</div>
      <h3>{title}</h3>
      <p>{text}</p>
    </article>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const loggedIn = useSettings((s) => s.loginFlag);
  const [email, setEmail] = useState('');

  const signUp = () => {
    const query = email.trim() ? `?email=${encodeURIComponent(email.trim())}` : '';
    void navigate(`${localePath('/register')}${query}`);
  };

  return (
    <div className="home">
      <section className="hero">
        <div className="hero-text">
          <h1>{t('home.heroTitle')}</h1>
          <p className="hero-sub">{t('home.heroSubtitle')}</p>
          {loggedIn ? (
            <p className="hero-welcome">{t('home.welcomeBack')}</p>
          ) : (
            <form
              className="hero-signup"
              onSubmit={(e) => {
                e.preventDefault();
                signUp();
              }}
            >
              <Input
                size="large"
                type="email"
                data-testid="home-hero-email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder={t('home.emailPlaceholder')}
                autoComplete="email"
              />
              <Button size="large" type="primary" htmlType="submit" data-testid="home-hero-signup">
                {t('home.signUp')}
              </Button>
            </form>
          )}
        </div>
        <div className="hero-art" aria-hidden="true">
          <svg viewBox="0 0 360 260" className="hero-chart">
            <defs>
              <linearGradient id="heroFill" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="#F0B90B" stopOpacity="0.45" />
                <stop offset="100%" stopColor="#F0B90B" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path
              d="M0 210 L40 190 L80 200 L120 150 L160 165 L200 110 L240 125 L280 70 L320 85 L360 40 L360 260 L0 260 Z"
              fill="url(#heroFill)"
            />
            <path
              d="M0 210 L40 190 L80 200 L120 150 L160 165 L200 110 L240 125 L280 70 L320 85 L360 40"
              fill="none"
              stroke="#F0B90B"
              strokeWidth="4"
              strokeLinejoin="round"
            />
            {[30, 70, 110, 150, 190, 230, 270, 310].map((x, i) => (
              <rect
                key={x}
                x={x}
                y={i % 3 === 0 ? 120 : 150 - i * 8}
                width="14"
                height={40 + (i % 4) * 12}
                rx="2"
                fill={i % 3 === 0 ? '#F6465D' : '#0ECB81'}
                opacity="0.55"
              />
            ))}
          </svg>
        </div>
      </section>

      <section className="section">
        <h2>{t('home.whyTitle')}</h2>
        <div className="features">
          <Feature
            icon={<SafetyOutlined />}
            title={t('home.securityTitle')}
            text={t('home.securityText')}
          />
          <Feature
            icon={<LineChartOutlined />}
            title={t('home.liquidityTitle')}
            text={t('home.liquidityText')}
          />
          <Feature
            icon={<PercentageOutlined />}
            title={t('home.feesTitle')}
            text={t('home.feesText')}
          />
          <Feature
            icon={<CustomerServiceOutlined />}
            title={t('home.supportTitle')}
            text={t('home.supportText')}
          />
        </div>
      </section>

      <section className="section trust">
        <h2>{t('home.trustTitle')}</h2>
        <div className="trust-grid">
          <Feature
            icon={<SafetyCertificateOutlined />}
            title={t('home.reservesTitle')}
            text={t('home.reservesText')}
          />
          <Feature
            icon={<WalletOutlined />}
            title={t('home.fundTitle')}
            text={t('home.fundText')}
          />
        </div>
      </section>

      <section className="section app-band">
        <div>
          <h2>{t('home.appTitle')}</h2>
          <p>{t('home.appText')}</p>
          <ul className="points">
            {(['appPoint1', 'appPoint2', 'appPoint3'] as const).map((k) => (
              <li key={k}>
                <CheckOutlined /> {t(`home.${k}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="device" aria-hidden="true">
          <div className="device-screen">
            <div className="device-bar" />
            <div className="device-line up" />
            <div className="device-line down" />
            <div className="device-line up" />
            <div className="device-line" />
          </div>
        </div>
      </section>

      {loggedIn ? null : (
        <section className="cta-band">
          <h2>{t('home.ctaTitle')}</h2>
          <p>{t('home.ctaText')}</p>
          <Button size="large" type="primary" onClick={signUp}>
            {t('home.startTrading')}
          </Button>
        </section>
      )}
    </div>
  );
}
