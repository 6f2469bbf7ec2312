import { P2P_FIATS, P2P_TIME_LIMITS_MIN, type PublishP2pAd } from '@quay/core/p2p';
import { Alert, App, Button, Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { usePaymentMethods, usePublishAd } from '../api/p2p';
import { P2pNav } from './p2p-nav';
import './p2p.css';

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** /p2p/post-ad: a buy or sell ad; publishing a sell ad puts its total in escrow. */
export function PostAdPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const methods = usePaymentMethods();
  const publish = usePublishAd();
  const [form] = Form.useForm<PublishP2pAd>();
  const priceType = Form.useWatch('priceType', form) ?? 'fixed';
  const decimal = { pattern: DECIMAL, message: t('p2p.numberInvalid') };

  async function submit(values: PublishP2pAd) {
    try {
      await publish.mutateAsync({ ...values, terms: values.terms ?? '' });
      void message.success(t('p2p.published'));
      navigate(localePath('/p2p/ads'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const noMethods = methods.data !== undefined && methods.data.length === 0;
  return (
    <main className="p2p-page">
      <h1>{t('p2p.postAd')}</h1>
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
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="side" label={t('p2p.adSide')}>
          <Segmented
            options={[
              { value: 'sell', label: t('p2p.sell') },
              { value: 'buy', label: t('p2p.buy') },
            ]}
          />
        </Form.Item>
        <div className="p2p-form-row">
          <Form.Item name="coin" label={t('p2p.coin')}>
            <Select options={['USDT', 'BTC', 'ETH'].map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="fiat" label={t('p2p.fiat')}>
            <Select options={P2P_FIATS.map((f) => ({ value: f, label: f }))} />
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={publish.isPending}
          data-testid="p2p-ad-publish"
        >
          {t('p2p.publish')}
        </Button>
      </Form>
    </main>
  );
}
