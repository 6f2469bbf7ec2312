import { RiseOutlined } from '@ant-design/icons';
import type { EarnProduct } from '@quay/core/earn';
import { Button, Empty, Segmented, Skeleton, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSettings } from '../../../platform/settings/settings-store';
import { useEarnHoldings, useEarnProducts, useEarnings } from '../api/earn';
import { Holdings } from './holdings';
import { InterestHistory } from './interest-history';
import { ProductList } from './product-list';
import { SubscribeDialog } from './subscribe-dialog';
import './earn.css';

// The charting library loads in its own chunk, as the other charts do.
const EarningsChart = lazy(() => import('./earnings-chart'));

type Filter = 'all' | 'flexible' | 'fixed';

/** Flexible before fixed term, USDT first, shorter terms first. */
const rank = (p: EarnProduct) =>
  `${p.type === 'flexible' ? 0 : 1}${p.coin === 'USDT' ? 0 : 1}${String(p.termDays).padStart(3, '0')}${p.coin}`;

/**
 * Earn (`/earn`, `/earn/:product`): the products with their APR tiers, the
 * subscribe dialog with an estimate, and for a logged-in user the holdings,
 * the interest earned per day and the history. `/earn/:product` opens on
 * one product, its dialog ready.
 */
export function EarnPage() {
  const { t } = useTranslation();
  const { product: productParam = null } = useParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const theme = useSettings((s) => s.theme);
  const { data: user } = useUserInfo();
  const loggedIn = Boolean(user);
  const products = useEarnProducts();
  const holdings = useEarnHoldings(loggedIn);
  const earnings = useEarnings(loggedIn);
  const balances = useSpotBalances();
  const [filter, setFilter] = useState<Filter>('all');
  const [subscribing, setSubscribing] = useState<EarnProduct | null>(null);
  const [chartCoin, setChartCoin] = useState<string | null>(null);

  const list = (products.data ?? [])
    .filter((p) => filter === 'all' || p.type === filter)
    .sort((a, b) => rank(a).localeCompare(rank(b)));
  const selected = productParam ? (products.data ?? []).find((p) => p.id === productParam) : null;
  const coins = [...new Set((earnings.data ?? []).map((d) => d.coin))];
  const coin = chartCoin ?? coins[0] ?? null;
  const points = useMemo(
    () =>
      (earnings.data ?? [])
        .filter((d) => d.coin === coin)
        .map((d) => ({ time: d.day / 1000, value: Number(d.amount) }))
        .sort((a, b) => a.time - b.time),
    [earnings.data, coin],
  );

  const subscribe = (product: EarnProduct) => {
    if (!loggedIn) {
      void navigate(localePath('/login'));
      return;
    }
    setSubscribing(product);
  };
  const available = (c: string) =>
    (loggedIn ? balances.data?.find((b) => b.coin === c)?.available : null) ?? '0';

  return (
    <div className="earn-page" data-testid="earn-page">
      <section className="earn-hero">
        <h1 className="earn-title">
          <RiseOutlined className="earn-title-icon" />
          {t('earn.title')}
        </h1>
        <p className="earn-lead">{t('earn.lead')}</p>
      </section>

      {selected ? (
        <section className="earn-card earn-selected" data-testid="earn-selected">
          <h2 className="earn-card-title">{t('earn.productTitle', { coin: selected.coin })}</h2>
          <ProductList products={[selected]} selected={selected.id} onSubscribe={subscribe} />
          <Link to={localePath('/earn')}>{t('earn.allProducts')}</Link>
        </section>
      ) : null}

      <section className="earn-card">
        <div className="earn-card-head">
          <h2 className="earn-card-title">{t('earn.products')}</h2>
          <Segmented<Filter>
            size="small"
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: t('earn.all') },
              { value: 'flexible', label: t('earn.flexible') },
              { value: 'fixed', label: t('earn.fixed') },
            ]}
          />
        </div>
        {products.isPending ? (
          <Skeleton active />
        ) : list.length > 0 ? (
          <ProductList products={list} selected={productParam} onSubscribe={subscribe} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )}
      </section>

      {loggedIn ? (
        <>
          <section className="earn-card">
            <h2 className="earn-card-title">{t('earn.myHoldings')}</h2>
            <Holdings holdings={holdings.data ?? []} products={products.data ?? []} />
          </section>
          <section className="earn-card">
            <div className="earn-card-head">
              <h2 className="earn-card-title">{t('earn.earnings')}</h2>
              {coins.length > 1 ? (
                <Segmented<string>
                  size="small"
                  value={coin ?? ''}
                  onChange={setChartCoin}
                  options={coins}
                />
              ) : null}
            </div>
            <div className="earn-chart">
              {points.length > 0 ? (
                <Suspense fallback={<Spin size="small" />}>
                  <EarningsChart points={points} theme={theme} />
                </Suspense>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('earn.noEarnings')} />
              )}
            </div>
          </section>
          <section className="earn-card">
            <h2 className="earn-card-title">{t('earn.history')}</h2>
            <InterestHistory />
          </section>
        </>
      ) : (
        <section className="earn-card earn-login">
          <p>{t('earn.loginPrompt')}</p>
          <Button type="primary" onClick={() => void navigate(localePath('/login'))}>
            {t('header.login')}
          </Button>
        </section>
      )}

      {subscribing ? (
        <SubscribeDialog
          product={subscribing}
          available={available(subscribing.coin)}
          onClose={() => setSubscribing(null)}
        />
      ) : null}
    </div>
  );
}
