import { GlobalOutlined, MenuOutlined } from '@ant-design/icons';
import { isRtl } from '@quay/core';
import { Button, Drawer, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AccountMenu } from '../../features/account/components/account-menu';
import { useUserInfo } from '../../features/account/api/user-info';
import { useLocalePath } from '../../platform/locale/use-locale-path';
import { useSettings } from '../../platform/settings/settings-store';
import { Logo } from '../../ui/logo';
import { useIsMobile } from '../../ui/use-media';
import { LocaleModal } from './locale-modal';
import { Preferences } from './preferences';
import { ThemeToggle } from './theme-toggle';

/** Products in the navigation; those whose screens are not built yet are shown, disabled. */
const NAV = [
  { key: 'markets', to: null },
  { key: 'trade', to: null },
  { key: 'futures', to: null },
  { key: 'earn', to: null },
] as const;

export function Header() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const isMobile = useIsMobile();
  const language = useSettings((s) => s.language);
  const { data: user } = useUserInfo();
  const [drawer, setDrawer] = useState(false);
  const [localeModal, setLocaleModal] = useState<null | 'language' | 'currency'>(null);

  // Assets appear once logged in, like the other areas not built yet: shown, disabled.
  const items = user ? [...NAV, { key: 'assets', to: null } as const] : NAV;
  const nav = items.map((item) => (
    <span key={item.key} className="nav-item disabled" aria-disabled="true">
      {t(`nav.${item.key}`)} <Tag className="soon">{t('nav.soon')}</Tag>
    </span>
  ));

  const authButtons = user ? null : (
    <>
      <Link to={localePath('/login')} data-testid="header-login" className="header-link">
        {t('header.login')}
      </Link>
      <Link to={localePath('/register')} data-testid="header-register">
        <Button type="primary" size="small" tabIndex={-1}>
          {t('header.register')}
        </Button>
      </Link>
    </>
  );

  return (
    <header className="site-header">
      <div className="header-left">
        <Link to={localePath('/')} aria-label={t('nav.home')}>
          <Logo />
        </Link>
        {isMobile ? null : <nav className="nav">{nav}</nav>}
      </div>
      <div className="header-right">
        {authButtons}
        {user ? <AccountMenu user={user} /> : null}
        <button
          type="button"
          className="icon-button header-icon"
          data-testid="lang-picker"
          aria-label={t('header.languageAndCurrency')}
          onClick={() => setLocaleModal('language')}
        >
          <GlobalOutlined />
        </button>
        {isMobile ? null : <Preferences />}
        {/* Under 768 px the theme lives in the drawer's preferences, to leave room for the buttons. */}
        {isMobile ? null : <ThemeToggle />}
        {isMobile ? (
          <button
            type="button"
            className="icon-button header-icon"
            aria-label={t('nav.menu')}
            onClick={() => setDrawer(true)}
          >
            <MenuOutlined />
          </button>
        ) : null}
      </div>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        placement={isRtl(language) ? 'left' : 'right'}
        size="default"
        title={<Logo size={24} />}
      >
        <nav className="drawer-nav">
          <NavLink to={localePath('/')} onClick={() => setDrawer(false)} className="nav-item">
            {t('nav.home')}
          </NavLink>
          {nav}
          <div className="drawer-prefs">
            <Preferences />
          </div>
        </nav>
      </Drawer>
      {localeModal ? (
        <LocaleModal open tab={localeModal} onClose={() => setLocaleModal(null)} />
      ) : null}
    </header>
  );
}
