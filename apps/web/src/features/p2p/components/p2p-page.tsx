import type { P2pAd, P2pSide } from '@quay/core/p2p';
import { P2P_FIATS } from '@quay/core/p2p';
import { Button, Empty, Form, InputNumber, Modal, Segmented, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { RichText } from '../../../platform/rich-text/rich-text';
import { useAds, useOpenOrder } from '../api/p2p';
import { P2pNav } from './p2p-nav';
import './p2p.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const COINS = ['USDT', 'BTC', 'ETH'];

/** /p2p: online ads to buy from or sell to, filtered by coin and fiat. */
export function P2pPage() {
  const { t } = useTranslation();
  const [side, setSide] = useState<P2pSide>('buy');
  const [coin, setCoin] = useState('USDT');
  const [fiat, setFiat] = useState('USD');
  const ads = useAds({ side, coin, fiat });
  const [taking, setTaking] = useState<P2pAd | null>(null);
  return (
    <main className="p2p-page">
      <h1>{t('p2p.title')}</h1>
      <P2pNav />
      <div className="p2p-filters">
        <Segmented
          data-testid="p2p-side"
          value={side}
          onChange={(value) => setSide(value as P2pSide)}
          options={[
            { value: 'buy', label: t('p2p.buy') },
            { value: 'sell', label: t('p2p.sell') },
          ]}
        />
        <Select
          aria-label={t('p2p.coin')}
          value={coin}
          onChange={setCoin}
          options={COINS.map((c) => ({ value: c, label: c }))}
        />
        <Select
          aria-label={t('p2p.fiat')}
          value={fiat}
          onChange={setFiat}
          options={P2P_FIATS.map((f) => ({ value: f, label: f }))}
        />
      </div>
      {ads.isPending ? (
        <Skeleton active />
      ) : (ads.data ?? []).length === 0 ? (
        <Empty description={t('p2p.noAds')} />
      ) : (
        <ul className="p2p-ads">
          {(ads.data ?? []).map((ad) => (
            <AdRow key={ad.id} ad={ad} side={side} onTake={() => setTaking(ad)} />
          ))}
        </ul>
      )}
      {taking ? <TakeDialog ad={taking} side={side} onClose={() => setTaking(null)} /> : null}
    </main>
  );
}

function AdRow({ ad, side, onTake }: { ad: P2pAd; side: P2pSide; onTake: () => void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <li className="p2p-ad" data-testid="p2p-ad">
      <div className="p2p-ad-merchant">
        <Link to={localePath(`/p2p/merchant/${ad.merchant.userId}`)}>
          <bdi>{ad.merchant.name}</bdi>
        </Link>
        {ad.minRegisteredDays > 0 || ad.minCompletedOrders > 0 ? (
          <small className="p2p-hint">
            {t('p2p.requirementsShort', {
              days: ad.minRegisteredDays,
              orders: ad.minCompletedOrders,
            })}
          </small>
        ) : null}
      </div>
      <div className="p2p-ad-price">
        <bdi dir="ltr">
          {ad.price} {ad.fiat}
        </bdi>
      </div>
      <dl className="p2p-ad-figures">
        <dt>{t('p2p.available')}</dt>
        <dd>
          <bdi dir="ltr">
            {ad.remaining} {ad.coin}
          </bdi>
        </dd>
        <dt>{t('p2p.limits')}</dt>
        <dd>
          <bdi dir="ltr">
            {ad.minFiat} – {ad.maxFiat} {ad.fiat}
          </bdi>
        </dd>
      </dl>
      <div className="p2p-ad-kinds">
        {ad.paymentKinds.map((kind) => (
          <Tag key={kind}>{t(`p2p.kind.${kind}`)}</Tag>
        ))}
      </div>
      <Button type="primary" danger={side === 'sell'} onClick={onTake} data-testid="p2p-take">
        {t(side === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: ad.coin })}
      </Button>
    </li>
  );
}

function TakeDialog({ ad, side, onClose }: { ad: P2pAd; side: P2pSide; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: user } = useUserInfo();
  const open = useOpenOrder();
  const [form] = Form.useForm<{ amount: string }>();

  async function submit({ amount }: { amount: string }) {
    if (!user) {
      navigate(localePath('/login'));
      return;
    }
    try {
      const order = await open.mutateAsync({ advId: ad.id, amount: String(amount) });
      navigate(localePath(`/p2p/order/${order.id}`));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <Modal
      open
      title={t(side === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: ad.coin })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('p2p.openOrder')}
      okButtonProps={{ loading: open.isPending, 'data-testid': 'p2p-take-confirm' }}
    >
      <p>
        <bdi dir="ltr">
          {ad.price} {ad.fiat}
        </bdi>{' '}
        · {t('p2p.timeLimit', { minutes: ad.timeLimitMin })}
      </p>
      {ad.terms ? <RichText className="p2p-terms" html={ad.terms} /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="amount"
          label={t('p2p.amount', { coin: ad.coin })}
          rules={[{ required: true, message: t('p2p.amountRequired') }]}
        >
          <InputNumber<string>
            stringMode
            min="0"
            style={{ width: '100%' }}
            data-testid="p2p-take-amount"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
