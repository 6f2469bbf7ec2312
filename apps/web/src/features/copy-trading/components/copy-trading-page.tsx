import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApplyLeadForm } from './apply-lead-form';
import { Leaderboard } from './leaderboard';
import { LeadProfile } from './lead-profile';
import { MyCopies } from './my-copies';
import './copy-trading.css';

/** `/copy-trading`: the leaderboard (a lead's profile and the follow dialog from it), my copies, applying to lead. */
export function CopyTradingPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const { data: user } = useUserInfo();
  const [tab, setTab] = useState('leaders');
  const [lead, setLead] = useState<string | null>(null);
  const back = encodeURIComponent(location.pathname);
  const login = (
    <p className="ct-login">
      <Link to={localePath(`/login?redirect=${back}`)}>{t('copyTrading.loginToCopy')}</Link>
    </p>
  );
  return (
    <div className="ct-page" data-testid="copy-trading-page">
      <header className="ct-head">
        <h1 className="ct-title">{t('copyTrading.title')}</h1>
        <p className="ct-intro">{t('copyTrading.intro')}</p>
      </header>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'leaders',
            label: <span data-testid="ct-tab-leaders">{t('copyTrading.leaderboard')}</span>,
            children: <Leaderboard onOpen={setLead} />,
          },
          {
            key: 'mine',
            label: <span data-testid="ct-tab-mine">{t('copyTrading.myCopies')}</span>,
            children: user ? <MyCopies /> : login,
          },
          {
            key: 'lead',
            label: <span data-testid="ct-tab-lead">{t('copyTrading.becomeLead')}</span>,
            children: user ? <ApplyLeadForm /> : login,
          },
        ]}
      />
      <LeadProfile
        leadId={lead}
        signedIn={!!user}
        onClose={() => setLead(null)}
        onFollowed={() => {
          setLead(null);
          setTab('mine');
        }}
      />
    </div>
  );
}
