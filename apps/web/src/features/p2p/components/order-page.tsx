import type { P2pOrder } from '@quay/core/p2p';
import { Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import {
  useAddEvidence,
  useAppeal,
  useCancelOrder,
  useFeedback,
  useMarkPaid,
  useOrder,
  useOrderPushes,
  useRelease,
} from '../api/p2p';
import { FactorCodes } from './factor-codes';
import { ImagePicker, OrderImage } from './image-picker';
import { OrderChat } from './order-chat';
import { P2pNav } from './p2p-nav';
import './p2p.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** mm:ss left to pay, drawn again every second. */
function useCountdown(until: number): string {
  const [clock, setClock] = useState(() => ({ at: Date.now() }));
  useEffect(() => {
    const id = window.setInterval(() => setClock({ at: Date.now() }), 1000);
    return () => window.clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.ceil((until - clock.at) / 1000));
  return [Math.floor(seconds / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
}

/** /p2p/order/:id: the order for its buyer or seller, with the steps each may take and the chat. */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);
  useOrderPushes(id);
  if (order.isError) {
    return (
      <main className="p2p-page">
        <P2pNav />
        <p data-testid="p2p-order-missing">{t('p2p.orderMissing')}</p>
      </main>
    );
  }
  if (!order.data) return <Skeleton active />;
  return (
    <main className="p2p-page p2p-order">
      <P2pNav />
      <div className="p2p-order-main">
        <OrderSummary order={order.data} />
        {order.data.status === 'appeal' || order.data.evidence.length > 0 ? (
          <Evidence order={order.data} />
        ) : null}
        {order.data.status === 'completed' ? <Feedback order={order.data} /> : null}
      </div>
      <OrderChat orderId={order.data.id} />
    </main>
  );
}

function OrderSummary({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const countdown = useCountdown(order.expiresAt);
  const buyer = order.role === 'buyer';
  return (
    <section className="p2p-order-summary">
      <h1>
        {t(buyer ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: order.coin })}{' '}
        <Tag
          data-testid="p2p-order-status"
          color={order.status === 'completed' ? 'green' : undefined}
        >
          {t(`p2p.status.${order.status}`)}
        </Tag>
      </h1>
      {order.status === 'unpaid' ? (
        <p className="p2p-timer">
          {t('p2p.payWithin')}{' '}
          <bdi dir="ltr" data-testid="p2p-timer">
            {countdown}
          </bdi>
        </p>
      ) : null}
      <dl className="p2p-order-figures">
        <dt>{t('p2p.fiatAmount')}</dt>
        <dd>
          <bdi dir="ltr" data-testid="p2p-order-fiat">
            {order.fiatAmount} {order.fiat}
          </bdi>
        </dd>
        <dt>{t('p2p.price')}</dt>
        <dd>
          <bdi dir="ltr">
            {order.price} {order.fiat}
          </bdi>
        </dd>
        <dt>{t('p2p.quantity')}</dt>
        <dd>
          <bdi dir="ltr">
            {order.amount} {order.coin}
          </bdi>
        </dd>
        <dt>{t('p2p.counterparty')}</dt>
        <dd>
          <Link
            to={localePath(`/p2p/merchant/${order.counterparty.userId}`)}
            data-testid="p2p-counterparty"
          >
            <bdi>{order.counterparty.name}</bdi>
          </Link>
        </dd>
      </dl>
      {order.paymentMethods.length > 0 ? (
        <div className="p2p-payment-details" data-testid="p2p-payment-details">
          <h2>{t('p2p.paymentDetails')}</h2>
          {order.paymentMethods.map((m) => (
            <p key={m.id}>
              <Tag>{t(`p2p.kind.${m.kind}`)}</Tag> <bdi>{m.name}</bdi> ·{' '}
              <bdi dir="ltr">{m.account}</bdi>
            </p>
          ))}
        </div>
      ) : null}
      <OrderActions order={order} />
    </section>
  );
}

function OrderActions({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const paid = useMarkPaid();
  const cancel = useCancelOrder();
  const [dialog, setDialog] = useState<'release' | 'appeal' | null>(null);
  const buyer = order.role === 'buyer';
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  };
  return (
    <div className="p2p-actions">
      {buyer && order.status === 'unpaid' ? (
        <>
          <Button
            type="primary"
            data-testid="p2p-mark-paid"
            loading={paid.isPending}
            onClick={() =>
              modal.confirm({
                title: t('p2p.markPaid'),
                content: t('p2p.markPaidHint'),
                onOk: () => run(() => paid.mutateAsync({ orderId: order.id })),
                okButtonProps: { 'data-testid': 'p2p-mark-paid-confirm' },
              })
            }
          >
            {t('p2p.markPaid')}
          </Button>
          <Button onClick={() => void run(() => cancel.mutateAsync({ orderId: order.id }))}>
            {t('p2p.cancelOrder')}
          </Button>
        </>
      ) : null}
      {!buyer && (order.status === 'paid' || order.status === 'appeal') ? (
        <Button type="primary" data-testid="p2p-release" onClick={() => setDialog('release')}>
          {t('p2p.release')}
        </Button>
      ) : null}
      {order.status === 'paid' ? (
        <Button onClick={() => setDialog('appeal')}>{t('p2p.appeal')}</Button>
      ) : null}
      {dialog ? <StepDialog order={order} step={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Release (with the second factor) or appeal (with a reason). */
function StepDialog(props: { order: P2pOrder; step: 'release' | 'appeal'; onClose: () => void }) {
  const { order, step, onClose } = props;
  const { t } = useTranslation();
  const { message } = useApp();
  const release = useRelease();
  const appeal = useAppeal();
  const [form] = Form.useForm();
  async function submit(values: Record<string, string>) {
    try {
      if (step === 'release') await release.mutateAsync({ orderId: order.id, ...values });
      else await appeal.mutateAsync({ orderId: order.id, reason: values.reason ?? '' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }
  return (
    <Modal
      open
      title={t(step === 'release' ? 'p2p.release' : 'p2p.appeal')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{
        loading: release.isPending || appeal.isPending,
        'data-testid': 'p2p-step-confirm',
      }}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {step === 'release' ? (
          <>
            <p>{t('p2p.releaseHint', { amount: order.fiatAmount, fiat: order.fiat })}</p>
            <FactorCodes />
          </>
        ) : (
          <Form.Item name="reason" label={t('p2p.appealReason')} rules={[{ required: true }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The appeal's evidence: either side adds images while the appeal is open; the operator reads them. */
function Evidence({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const add = useAddEvidence();
  return (
    <section className="p2p-evidence" aria-label={t('p2p.evidence')}>
      <h2>{t('p2p.evidence')}</h2>
      <p className="p2p-hint">{t('p2p.evidenceHint')}</p>
      <div className="p2p-evidence-list" data-testid="p2p-evidence">
        {order.evidence.map((e) => (
          <figure key={e.fileId}>
            <OrderImage orderId={order.id} fileId={e.fileId} alt={t('p2p.evidence')} />
            <figcaption>{t(e.from === 'buyer' ? 'p2p.fromBuyer' : 'p2p.fromSeller')}</figcaption>
          </figure>
        ))}
      </div>
      {order.status === 'appeal' ? (
        <ImagePicker
          testId="p2p-evidence-add"
          loading={add.isPending}
          onPick={(data) =>
            add.mutateAsync({ orderId: order.id, data }).catch((err: unknown) => {
              if (err instanceof ApiError) void message.error(err.msg);
            })
          }
        >
          {t('p2p.addEvidence')}
        </ImagePicker>
      ) : null}
    </section>
  );
}

/** Feedback on the counterparty once the order is completed: once, positive or negative. */
function Feedback({ order }: { order: P2pOrder }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const feedback = useFeedback();
  const give = (positive: boolean) =>
    feedback.mutateAsync({ orderId: order.id, positive }).catch((err: unknown) => {
      if (err instanceof ApiError) void message.error(err.msg);
    });
  return (
    <section className="p2p-feedback" aria-label={t('p2p.feedback')}>
      <h2>{t('p2p.feedback')}</h2>
      {order.myFeedback ? (
        <p data-testid="p2p-feedback-given">
          {t(
            order.myFeedback === 'positive'
              ? 'p2p.feedbackGivenPositive'
              : 'p2p.feedbackGivenNegative',
          )}
        </p>
      ) : (
        <div className="p2p-actions">
          <Button onClick={() => void give(true)} data-testid="p2p-feedback-positive">
            {t('p2p.positive')}
          </Button>
          <Button danger onClick={() => void give(false)} data-testid="p2p-feedback-negative">
            {t('p2p.negative')}
          </Button>
        </div>
      )}
    </section>
  );
}
