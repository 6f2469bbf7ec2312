import {
  AuditOutlined,
  BankOutlined,
  FileTextOutlined,
  FundOutlined,
  HistoryOutlined,
  PieChartOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalePath } from '../platform/locale/use-locale-path';
import './wallet-layout.css';

const WALLET_PAGES = [
  { path: '/asset', key: 'overview', icon: <PieChartOutlined /> },
  { path: '/asset/spot', key: 'spot', icon: <WalletOutlined /> },
  { path: '/asset/futures', key: 'futures', icon: <FundOutlined /> },
  { path: '/asset/margin', key: 'margin', icon: <BankOutlined /> },
  { path: '/record/exchange', key: 'orders', icon: <FileTextOutlined /> },
  { path: '/order/mcp', key: 'futuresOrders', icon: <ProfileOutlined /> },
  { path: '/record/mcp', key: 'futuresRecords', icon: <AuditOutlined /> },
  { path: '/record/margin', key: 'marginRecords', icon: <ReconciliationOutlined /> },
  { path: '/transac', key: 'transactions', icon: <HistoryOutlined /> },
] as const;

/**
 * The frame of the wallet pages (assets and records): a side menu on wide
 * screens, a row of scrolling tabs under 768 px.
 */
export function WalletLayout({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const nav = useRef<HTMLElement>(null);
  // On narrow screens the menu is a scrolling row: bring the current page into view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('.active');
    if (current && nav.current && nav.current.scrollWidth > nav.current.clientWidth) {
      current.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }, []);
  return (
    <div className="wallet-layout" data-testid={testId}>
      <nav ref={nav} className="wallet-nav" aria-label={t('asset.nav.title')}>
        {WALLET_PAGES.map((p) => (
          <NavLink key={p.key} to={localePath(p.path)} end className="wallet-nav-item">
            {p.icon}
            <span>{t(`asset.nav.${p.key}`)}</span>
          </NavLink>
        ))}
      </nav>
      <main className="wallet-main">{children}</main>
    </div>
  );
}
