import { ERRORS, isPlainDecimal } from '@quay/core';
import { RED_PACKET_SPLITS, type RedPacketCreate, type RedPacketSent } from '@quay/core/swap-api';
import { Alert, Button, Form, Input, InputNumber, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useCreatePacket } from '../api/red-packets';
import { FactorFields } from './factor-fields';
import { PacketLists } from './packet-lists';
import { SharePanel } from './share-panel';
import './red-packets.css';

/** The coins a packet can hold (the server's red packet settings name these). */
const COINS = ['USDT', 'BTC', 'ETH', 'SOL', 'XRP'] as const;

type Values = Omit<RedPacketCreate, 'count'> & { count: number | null };

/** `/red-packet`: the create form, then the share panel; below, my sent and received packets. */
export function RedPacketPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const { data: user } = useUserInfo();
  const [form] = Form.useForm<Values>();
  const create = useCreatePacket();
  const [needsFactor, setNeedsFactor] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<RedPacketSent | null>(null);

  const submit = async (values: Values) => {
    setRefusal(null);
    const body: RedPacketCreate = {
      coin: values.coin,
      amount: values.amount.trim(),
      count: values.count ?? 1,
      split: values.split,
      ...(values.password ? { password: values.password } : {}),
      ...(values.greeting?.trim() ? { greeting: values.greeting.trim() } : {}),
      ...(values.googleCode ? { googleCode: values.googleCode } : {}),
      ...(values.emailCode ? { emailCode: values.emailCode } : {}),
      ...(values.mobileCode ? { mobileCode: values.mobileCode } : {}),
    };
    try {
      setMade(await create.mutateAsync(body));
      setNeedsFactor(false);
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.RED_PACKET_NEEDS_SECOND_FACTOR.code) {
        setNeedsFactor(true);
      }
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('redPacket.failed'));
    }
  };

  const back = encodeURIComponent(location.pathname);
  return (
    <div className="rp-page" data-testid="red-packet-page">
      {made && <SharePanel packet={made} />}
      <section className="rp-card">
        <h1 className="rp-title">{t('redPacket.title')}</h1>
        <p className="rp-intro">{t('redPacket.intro')}</p>
        {user ? (
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ coin: 'USDT', split: 'random', count: 1 }}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item name="coin" label={t('redPacket.coin')}>
              <Select data-testid="rp-coin" options={COINS.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('redPacket.total')}
              rules={[
                {
                  required: true,
                  validator: (_, v: string | undefined) =>
                    v && isPlainDecimal(v.trim()) && /[1-9]/.test(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('redPacket.amountInvalid'))),
                },
              ]}
            >
              <Input inputMode="decimal" placeholder="0.00" data-testid="rp-amount" />
            </Form.Item>
            <Form.Item
              name="count"
              label={t('redPacket.count')}
              rules={[{ required: true, message: t('redPacket.countInvalid') }]}
            >
              <InputNumber
                min={1}
                max={200}
                precision={0}
                style={{ width: '100%' }}
                data-testid="rp-count"
              />
            </Form.Item>
            <Form.Item name="split" label={t('redPacket.split')}>
              <Segmented
                block
                data-testid="rp-split"
                options={RED_PACKET_SPLITS.map((s) => ({
                  value: s,
                  label: t(`redPacket.splits.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="password" label={t('redPacket.passwordOptional')}>
              <Input.Password maxLength={32} autoComplete="off" data-testid="rp-password" />
            </Form.Item>
            <Form.Item name="greeting" label={t('redPacket.greeting')}>
              <Input
                maxLength={80}
                placeholder={t('redPacket.greetingPlaceholder')}
                data-testid="rp-greeting"
              />
            </Form.Item>
            {needsFactor && <FactorFields />}
            {refusal && (
              <Alert
                type="error"
                showIcon
                message={refusal}
                className="rp-alert"
                data-testid="rp-refusal"
              />
            )}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={create.isPending}
              data-testid="rp-create"
            >
              {t('redPacket.create')}
            </Button>
          </Form>
        ) : (
          <div className="rp-actions">
            <Link to={`${localePath('/login')}?redirect=${back}`}>{t('redPacket.login')}</Link>
          </div>
        )}
      </section>
      {user && <PacketLists />}
    </div>
  );
}
