import { GlobalOutlined, MenuOutlined, RightOutlined } from '@ant-design/icons';
import { languageOf } from '@quay/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { SwitchBackBar } from '../../features/sub-accounts/components/switch-back-bar';
import { useUserInfo } from '../../entities/user/user';
import { BetaBadge } from '../../platform/config/beta-badge';
import { isRtl } from '../../platform/locale/direction';
import { useLocalePath } from '../../platform/locale/use-locale-path';
import { useSettings } from '../../platform/settings/settings-store';
import { currencyOption } from '../../platform/settings/valuation-currency';
import { SimulationSwitch } from '../../platform/simulation/simulation-ui';
import { ButtonLink } from '../../ui/button-link';
import { Logo } from '../../ui/logo';
import { useIsMobile } from '../../ui/use-media';
import type { LocaleTab } from './locale-modal';
import { Preferences, PreferencesPanel } from './preferences';
import { PriorityNav } from './priority-nav';
import { ThemeToggle } from './theme-toggle';

// The dialog's tabs and sheet load when first opened, not with every page.
const LocaleModal = lazy(() => import('./locale-modal').then((m) => ({ default: m.LocaleModal })));
// So do the narrow screens' menu drawer and the account menu (antd's menu, for a logged-in user).
const AccountMenu = lazy(() =>
  import('../../features/account/components/account-menu').then((m) => ({
    default: m.AccountMenu,
  })),
);
const Drawer = lazy(() => import('antd/es/drawer'));

/** Products in the navigation. Their screens come with later issues: until then they show, disabled. */
const NAV = [
  'markets',
  'trade',
  'margin',
  'futures',
  'copyTrading',
  'swap',
  'p2p',
  'earn',
  'redPacket',
] as const;
type NavKey = (typeof NAV)[number] | 'assets';

function SoonItem({ item }: { item: NavKey }) {
  const { t } = useTranslation();
  return (
    <span className="nav-item disabled" aria-disabled="true">
      {t(`nav.${item}`)}
      <span className="soon">{t('nav.soon')}</span>
    </span>
  );
}

/** The products whose screen exists, their page and test id; the others show as coming soon. */
const NAV_LINKS: Partial<Record<NavKey, { to: string; label: string; testId: string }>> = {
  assets: { to: '/asset', label: 'nav.assets', testId: 'nav-assets' },
  markets: { to: '/markets', label: 'nav.markets', testId: 'nav-markets' },
  trade: { to: '/spot', label: 'nav.spot', testId: 'nav-spot' },
  margin: { to: '/margin/BTCUSDT', label: 'nav.margin', testId: 'nav-margin' },
  futures: { to: '/futures/usdt/BTCUSDT', label: 'nav.futures', testId: 'nav-futures' },
  swap: { to: '/swap', label: 'nav.swap', testId: 'nav-swap' },
  p2p: { to: '/p2p', label: 'nav.p2p', testId: 'nav-p2p' },
  earn: { to: '/earn', label: 'nav.earn', testId: 'nav-earn' },
  redPacket: { to: '/red-packet', label: 'nav.redPacket', testId: 'nav-red-packet' },
  copyTrading: { to: '/copy-trading', label: 'nav.copyTrading', testId: 'nav-copy-trading' },
};

/** A product whose screen exists is a link; the others show as coming soon. */
function NavEntry({ item, onNavigate }: { item: NavKey; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const link = NAV_LINKS[item];
  if (!link) return <SoonItem item={item} />;
  return (
    <NavLink
      to={localePath(link.to)}
      className="nav-item"
      data-testid={link.testId}
      onClick={onNavigate}
    >
      {t(link.label)}
    </NavLink>
  );
}

export function Header() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const isMobile = useIsMobile();
  const language = useSettings((s) => s.language);
  const unit = useSettings((s) => s.unit);
  const { data: user } = useUserInfo();
  const [drawer, setDrawer] = useState(false);
  // The drawer is first drawn when first opened, and kept for its closing motion.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [localeModal, setLocaleModal] = useState<LocaleTab | null>(null);

  // Assets join the navigation once logged in.
  const items: readonly NavKey[] = user ? [...NAV, 'assets'] : NAV;
  const openLocale = (tab: LocaleTab) => {
    setDrawer(false);
    setLocaleModal(tab);
  };

  return (
    <header className="site-header">
      <div className="header-left">
        <Link to={localePath('/')} aria-label={t('nav.home')} className="header-logo">
          <Logo />
        </Link>
        <BetaBadge />
        {isMobile ? null : (
          <PriorityNav
            label={t('nav.menu')}
            items={items.map((item) => ({
              key: item,
              node: <NavEntry item={item} />,
              menuNode: <NavEntry item={item} />,
              label: t(NAV_LINKS[item]?.label ?? `nav.${item}`),
            }))}
          />
        )}
      </div>
      <div className="header-right">
        {isMobile ? null : <SimulationSwitch testId="header-simulation-switch" />}
        <SwitchBackBar signedIn={!!user} />
        {user ? (
          <Suspense fallback={<span className="account-trigger" aria-hidden="true" />}>
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          <>
            <Link to={localePath('/login')} data-testid="header-login" className="header-link">
              {t('header.login')}
            </Link>
            <ButtonLink
              to={localePath('/register')}
              data-testid="header-register"
              type="primary"
              className="header-register"
            >
              {t('header.register')}
            </ButtonLink>
          </>
        )}
        <span className="header-divider" aria-hidden="true" />
        <button
          type="button"
          className="icon-button header-icon"
          data-testid="lang-picker"
          aria-label={t('header.languageAndCurrency')}
          onClick={() => openLocale('language')}
        >
          <GlobalOutlined />
        </button>
        {isMobile ? (
          <button
            type="button"
            className="icon-button header-icon"
            aria-label={t('nav.menu')}
            aria-expanded={drawer}
            onClick={() => {
              setDrawerUsed(true);
              setDrawer(true);
            }}
          >
            <MenuOutlined />
          </button>
        ) : (
          <>
            <Preferences />
            <ThemeToggle />
          </>
        )}
      </div>
      {isMobile && drawerUsed ? (
        <Suspense fallback={null}>
          <Drawer
            open={drawer}
            onClose={() => setDrawer(false)}
            placement={isRtl(language) ? 'left' : 'right'}
            size="min(320px, 86vw)"
            title={<Logo size={24} />}
            className="menu-drawer"
            destroyOnHidden
          >
            {user ? null : (
              <div className="drawer-auth">
                <ButtonLink
                  to={localePath('/register')}
                  type="primary"
                  size="large"
                  block
                  onClick={() => setDrawer(false)}
                >
                  {t('header.register')}
                </ButtonLink>
                <ButtonLink
                  to={localePath('/login')}
                  size="large"
                  block
                  onClick={() => setDrawer(false)}
                >
                  {t('header.login')}
                </ButtonLink>
              </div>
            )}
            <nav className="drawer-nav" aria-label={t('nav.menu')}>
              <NavLink
                to={localePath('/')}
                end
                onClick={() => setDrawer(false)}
                className="nav-item drawer-row"
              >
                {t('nav.home')}
              </NavLink>
              {items.map((item) => (
                <div key={item} className="drawer-row">
                  <NavEntry item={item} onNavigate={() => setDrawer(false)} />
                </div>
              ))}
            </nav>
            <div className="drawer-section">
              <button type="button" className="drawer-row" onClick={() => openLocale('language')}>
                <span>{t('header.language')}</span>
                <span className="drawer-value">
                  {languageOf(language).languageName} <RightOutlined />
                </span>
              </button>
              <button type="button" className="drawer-row" onClick={() => openLocale('currency')}>
                <span>{t('header.currency')}</span>
                <span className="drawer-value">
                  {unit} {currencyOption(unit).symbol} <RightOutlined />
                </span>
              </button>
            </div>
            <div className="drawer-section">
              <div className="drawer-row">
                <SimulationSwitch testId="drawer-simulation-switch" />
              </div>
            </div>
            <div className="drawer-section">
              <h3 className="drawer-heading">{t('preferences.title')}</h3>
              <PreferencesPanel />
            </div>
          </Drawer>
        </Suspense>
      ) : null}
      {localeModal ? (
        <Suspense fallback={null}>
          <LocaleModal tab={localeModal} onClose={() => setLocaleModal(null)} />
        </Suspense>
      ) : null}
    </header>
  );
}
