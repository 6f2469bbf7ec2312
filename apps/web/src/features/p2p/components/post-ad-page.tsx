import {
  P2P_FIATS,
  P2P_REQUIRED_DAYS_MAX,
  P2P_REQUIRED_ORDERS_MAX,
  P2P_TIME_LIMITS_MIN,
  type P2pAd,
  type PublishP2pAd,
} from '@quay/core/p2p';
import { Alert, Button, Form, Input, InputNumber, Segmented, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useEditAd, useMyAds, usePaymentMethods, usePublishAd } from '../api/p2p';
import { P2pNav } from './p2p-nav';
import './p2p.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** The form's values of an own ad, to edit it. */
function valuesOf(ad: P2pAd, own: readonly string[]): Partial<PublishP2pAd> {
  return {
    side: ad.side,
    coin: ad.coin,
    fiat: ad.fiat,
    priceType: ad.priceType,
    ...(ad.priceType === 'fixed' ? { price: ad.price } : { margin: ad.margin }),
    total: ad.total,
    minFiat: ad.minFiat,
    maxFiat: ad.maxFiat,
    paymentMethodIds: [...own],
    timeLimitMin: ad.timeLimitMin,
    terms: ad.terms,
    minRegisteredDays: ad.minRegisteredDays,
    minCompletedOrders: ad.minCompletedOrders,
  };
}

/**
 * /p2p/post-ad: a buy or sell ad; publishing a sell ad puts its total in
 * escrow. With ?edit=<ad id> it edits an own ad (side, coin and fiat stay;
 * a sell ad's escrow follows its new total).
 */
export function PostAdPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const ads = useMyAds();
  if (!editId) return <AdForm ad={null} />;
  if (ads.isPending) return <Skeleton active />;
  const ad = ads.data?.find((a) => a.id === editId && a.status !== 'closed') ?? null;
  return <AdForm key={ad?.id ?? 'new'} ad={ad} />;
}

function AdForm({ ad }: { ad: P2pAd | null }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const methods = usePaymentMethods();
  const publish = usePublishAd();
  const edit = useEditAd();
  const [form] = Form.useForm<PublishP2pAd>();
  const priceType = Form.useWatch('priceType', form) ?? 'fixed';
  const decimal = { pattern: DECIMAL, message: t('p2p.numberInvalid') };
  // An ad's own methods are those of the seller that it lists (kinds only on the wire).
  useEffect(() => {
    if (!ad || !methods.data) return;
    const own = methods.data.filter((m) => ad.paymentKinds.includes(m.kind)).map((m) => m.id);
    form.setFieldsValue(valuesOf(ad, own));
  }, [ad, methods.data, form]);

  async function submit(values: PublishP2pAd) {
    try {
      const fields = {
        ...values,
        terms: values.terms ?? '',
        minRegisteredDays: values.minRegisteredDays ?? 0,
        minCompletedOrders: values.minCompletedOrders ?? 0,
      };
      if (ad) {
        const { side: _side, coin: _coin, fiat: _fiat, ...rest } = fields;
        await edit.mutateAsync({ ...rest, advId: ad.id });
        void message.success(t('p2p.saved'));
      } else {
        await publish.mutateAsync(fields);
        void message.success(t('p2p.published'));
      }
      navigate(localePath('/p2p/ads'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const noMethods = methods.data !== undefined && methods.data.length === 0;
  return (
    <main className="p2p-page">
      <h1>{t(ad ? 'p2p.editAd' : 'p2p.postAd')}</h1>
      <P2pNav />
      {noMethods ? <Alert type="info" showIcon message={t('p2p.addMethodFirst')} /> : null}
      <Form<PublishP2pAd>
        form={form}
        layout="vertical"
        className="p2p-form"
        initialValues={{
          side: 'sell',
          coin: 'USDT',
          fiat: 'USD',
          priceType: 'fixed',
          timeLimitMin: 15,
          minRegisteredDays: 0,
          minCompletedOrders: 0,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="side" label={t('p2p.adSide')}>
          <Segmented
            disabled={ad !== null}
            options={[
              { value: 'sell', label: t('p2p.sell') },
              { value: 'buy', label: t('p2p.buy') },
            ]}
          />
        </Form.Item>
        <div className="p2p-form-row">
          <Form.Item name="coin" label={t('p2p.coin')}>
            <Select
              disabled={ad !== null}
              options={['USDT', 'BTC', 'ETH'].map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item name="fiat" label={t('p2p.fiat')}>
            <Select
              disabled={ad !== null}
              options={P2P_FIATS.map((f) => ({ value: f, label: f }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="priceType" label={t('p2p.priceType')}>
          <Segmented
            options={[
              { value: 'fixed', label: t('p2p.fixed') },
              { value: 'floating', label: t('p2p.floating') },
            ]}
          />
        </Form.Item>
        {priceType === 'fixed' ? (
          <Form.Item name="price" label={t('p2p.price')} rules={[{ required: true }, decimal]}>
            <Input inputMode="decimal" data-testid="p2p-ad-price" />
          </Form.Item>
        ) : (
          <Form.Item
            name="margin"
            label={t('p2p.margin')}
            rules={[
              { required: true, pattern: /^-?[0-9]+(\.[0-9]+)?$/, message: t('p2p.numberInvalid') },
            ]}
          >
            <Input inputMode="decimal" suffix="%" data-testid="p2p-ad-margin" />
          </Form.Item>
        )}
        <Form.Item name="total" label={t('p2p.total')} rules={[{ required: true }, decimal]}>
          <Input inputMode="decimal" data-testid="p2p-ad-total" />
        </Form.Item>
        <div className="p2p-form-row">
          <Form.Item name="minFiat" label={t('p2p.minFiat')} rules={[{ required: true }, decimal]}>
            <Input inputMode="decimal" data-testid="p2p-ad-min" />
          </Form.Item>
          <Form.Item name="maxFiat" label={t('p2p.maxFiat')} rules={[{ required: true }, decimal]}>
            <Input inputMode="decimal" data-testid="p2p-ad-max" />
          </Form.Item>
        </div>
        <Form.Item
          name="paymentMethodIds"
          label={t('p2p.paymentMethods')}
          rules={[{ required: true, message: t('p2p.methodRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="p2p-ad-methods"
            options={(methods.data ?? []).map((m) => ({
              value: m.id,
              label: `${t(`p2p.kind.${m.kind}`)} · ${m.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="timeLimitMin" label={t('p2p.timeLimitLabel')}>
          <Segmented
            options={P2P_TIME_LIMITS_MIN.map((m) => ({
              value: m,
              label: t('p2p.minutes', { minutes: m }),
            }))}
          />
        </Form.Item>
        <Form.Item name="terms" label={t('p2p.terms')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <fieldset className="p2p-requirements">
          <legend>{t('p2p.requirements')}</legend>
          <div className="p2p-form-row">
            <Form.Item name="minRegisteredDays" label={t('p2p.minRegisteredDays')}>
              <InputNumber
                min={0}
                max={P2P_REQUIRED_DAYS_MAX}
                precision={0}
                data-testid="p2p-ad-min-days"
              />
            </Form.Item>
            <Form.Item name="minCompletedOrders" label={t('p2p.minCompletedOrders')}>
              <InputNumber
                min={0}
                max={P2P_REQUIRED_ORDERS_MAX}
                precision={0}
                data-testid="p2p-ad-min-orders"
              />
            </Form.Item>
          </div>
        </fieldset>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={publish.isPending || edit.isPending}
          data-testid="p2p-ad-publish"
        >
          {t(ad ? 'p2p.save' : 'p2p.publish')}
        </Button>
      </Form>
    </main>
  );
}
