import { P2P_PAYMENT_KINDS, type AddP2pPaymentMethod } from '@quay/core/p2p';
import { Button, Empty, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useAddPaymentMethod, usePaymentMethods, useRemovePaymentMethod } from '../api/p2p';
import { FactorCodes } from './factor-codes';
import { P2pNav } from './p2p-nav';
import './p2p.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** /p2p/payment-methods: where buyers pay the user; adding one takes the second factor. */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const [adding, setAdding] = useState(false);
  return (
    <main className="p2p-page">
      <h1>{t('p2p.paymentMethods')}</h1>
      <P2pNav />
      <Button type="primary" onClick={() => setAdding(true)} data-testid="p2p-method-add">
        {t('p2p.addMethod')}
      </Button>
      {methods.data?.length === 0 ? <Empty description={t('p2p.noMethods')} /> : null}
      <ul className="p2p-ads">
        {(methods.data ?? []).map((m) => (
          <li key={m.id} className="p2p-ad" data-testid="p2p-method">
            <Tag>{t(`p2p.kind.${m.kind}`)}</Tag>
            <bdi>{m.name}</bdi>
            <bdi dir="ltr">{m.account}</bdi>
            <Button size="small" danger onClick={() => remove.mutate({ id: m.id })}>
              {t('p2p.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {adding ? <AddMethodDialog onClose={() => setAdding(false)} /> : null}
    </main>
  );
}

function AddMethodDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const add = useAddPaymentMethod();
  const [form] = Form.useForm<AddP2pPaymentMethod>();
  async function submit(values: AddP2pPaymentMethod) {
    try {
      await add.mutateAsync(values);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }
  return (
    <Modal
      open
      title={t('p2p.addMethod')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'p2p-method-save' }}
    >
      <Form<AddP2pPaymentMethod>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'bank' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="kind" label={t('p2p.methodKind')}>
          <Select
            options={P2P_PAYMENT_KINDS.map((k) => ({ value: k, label: t(`p2p.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('p2p.methodName')} rules={[{ required: true }]}>
          <Input maxLength={64} data-testid="p2p-method-name" />
        </Form.Item>
        <Form.Item name="account" label={t('p2p.methodAccount')} rules={[{ required: true }]}>
          <Input maxLength={200} data-testid="p2p-method-account" />
        </Form.Item>
        <FactorCodes />
      </Form>
    </Modal>
  );
}
