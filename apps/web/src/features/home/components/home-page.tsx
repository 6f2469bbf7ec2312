import {
  CheckCircleFilled,
  CustomerServiceOutlined,
  LineChartOutlined,
  PercentageOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { LANGUAGES } from '@quay/core';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isNewAccount, useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSettings } from '../../../platform/settings/settings-store';
import { Logo } from '../../../ui/logo';
import { CandleChart, HeroArt } from './hero-art';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <article className="feature">
      <div className="feature-icon">{icon}</div>
      <div>
        <h3>{title}</h3>
        <p>{text}</p>
      </div>
    </article>
  );
}

/** The home page; the app passes in the live content strip (banners, news, coins) that another feature owns. */
export function HomePage({ highlights }: { highlights?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const loggedIn = useSettings((s) => s.loginFlag);
  const { data: user } = useUserInfo();
  const [email, setEmail] = useState('');

  // The address typed here is prefilled on the register page.
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
            <p className="hero-welcome" data-testid="home-welcome">
              <CheckCircleFilled /> {t(isNewAccount(user) ? 'home.welcomeNew' : 'home.welcomeBack')}
            </p>
          ) : (
            <>
              <form
                className="hero-signup"
                onSubmit={(e) => {
                  e.preventDefault();
                  signUp();
                }}
              >
                {/* A plain field in antd's look (home.css): antd's Input would bring its form
                    library into the home page's first load, 38 KiB gzip of 334. */}
                <input
                  className="hero-email"
                  type="email"
                  data-testid="home-hero-email"
                  aria-label={t('home.emailPlaceholder')}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder={t('home.emailPlaceholder')}
                  autoComplete="email"
                />
                <Button
                  size="large"
                  type="primary"
                  htmlType="submit"
                  data-testid="home-hero-signup"
                >
                  {t('home.signUp')}
                </Button>
              </form>
              <p className="hero-login">
                {t('auth.haveAccount')} <Link to={localePath('/login')}>{t('auth.goLogin')}</Link>
              </p>
            </>
          )}
        </div>
        <HeroArt />
      </section>

      {highlights}

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

      <section className="section">
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
                <CheckCircleFilled /> {t(`home.${k}`, { languages: LANGUAGES.length })}
              </li>
            ))}
          </ul>
        </div>
        <div className="device" aria-hidden="true">
          <div className="device-notch" />
          <div className="device-head">
            <Logo size={20} />
          </div>
          <div className="device-chart">
            <CandleChart id="device" />
          </div>
          <div className="device-rows">
            <span />
            <span />
            <span />
          </div>
          <div className="device-actions">
            <span className="up" />
            <span className="down" />
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
