import type { P2pAd } from '@quay/core/p2p';
import { Button, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useAdChange, useMyAds, useMyOrders } from '../api/p2p';
import { P2pNav } from './p2p-nav';
import './p2p.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** /p2p/orders: the user's orders, newest first, each a link to its page. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const orders = useMyOrders();
  return (
    <main className="p2p-page">
      <h1>{t('p2p.myOrders')}</h1>
      <P2pNav />
      {orders.isPending ? <Skeleton active /> : null}
      {orders.data?.length === 0 ? <Empty description={t('p2p.noOrders')} /> : null}
      <ul className="p2p-ads">
        {(orders.data ?? []).map((o) => (
          <li key={o.id} className="p2p-ad" data-testid="p2p-my-order">
            <Link to={localePath(`/p2p/order/${o.id}`)}>
              {t(o.role === 'buyer' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: o.coin })}
            </Link>
            <bdi dir="ltr">
              {o.amount} {o.coin} · {o.fiatAmount} {o.fiat}
            </bdi>
            <Tag>{t(`p2p.status.${o.status}`)}</Tag>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** /p2p/ads: the user's ads with pause, resume and close. */
export function MyAdsPage() {
  const { t } = useTranslation();
  const ads = useMyAds();
  return (
    <main className="p2p-page">
      <h1>{t('p2p.myAds')}</h1>
      <P2pNav />
      {ads.isPending ? <Skeleton active /> : null}
      {ads.data?.length === 0 ? <Empty description={t('p2p.noAds')} /> : null}
      <ul className="p2p-ads">
        {(ads.data ?? []).map((ad) => (
          <MyAd key={ad.id} ad={ad} />
        ))}
      </ul>
    </main>
  );
}

function MyAd({ ad }: { ad: P2pAd }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { message } = useApp();
  const pause = useAdChange('pause');
  const resume = useAdChange('resume');
  const close = useAdChange('close');
  const act = (change: typeof pause) =>
    change.mutateAsync({ advId: ad.id }).catch((err: unknown) => {
      if (err instanceof ApiError) void message.error(err.msg);
    });
  return (
    <li className="p2p-ad" data-testid="p2p-my-ad">
      <span>
        {t(ad.side === 'sell' ? 'p2p.sell' : 'p2p.buy')} {ad.coin}
      </span>
      <bdi dir="ltr">
        {ad.price} {ad.fiat} · {ad.remaining}/{ad.total} {ad.coin}
      </bdi>
      <Tag>{t(`p2p.adStatus.${ad.status}`)}</Tag>
      {ad.status === 'closed' ? null : (
        <span className="p2p-actions">
          {ad.status === 'online' ? (
            <Button size="small" onClick={() => void act(pause)}>
              {t('p2p.pause')}
            </Button>
          ) : (
            <Button size="small" onClick={() => void act(resume)}>
              {t('p2p.resume')}
            </Button>
          )}
          <Link to={localePath(`/p2p/post-ad?edit=${ad.id}`)} data-testid="p2p-ad-edit">
            {t('p2p.edit')}
          </Link>
          <Button size="small" danger onClick={() => void act(close)}>
            {t('p2p.close')}
          </Button>
        </span>
      )}
    </li>
  );
}
