import type { EarnHolding } from '@quay/core';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useRedeem } from '../api/earn';

/** Redeem to spot: an amount of a flexible product, or a whole fixed-term holding early. */
export function RedeemDialog({
  holding,
  held,
  onClose,
}: {
  holding: EarnHolding;
  /** What the user holds in the product (flexible: every subscription together). */
  held: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const redeem = useRedeem();
  const [amount, setAmount] = useState(held);
  const [refusal, setRefusal] = useState<string | null>(null);
  const flexible = holding.type === 'flexible';

  const submit = async () => {
    setRefusal(null);
    try {
      await redeem.mutateAsync(
        flexible
          ? { productId: holding.productId, amount: amount.trim() }
          : { holdingId: holding.id },
      );
      onClose();
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('earn.failed'));
    }
  };

  return (
    <Modal
      open
      title={t('earn.redeemTitle', { coin: holding.coin })}
      okText={t('earn.confirm')}
      cancelText={t('earn.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={redeem.isPending}
      okButtonProps={{ id: 'earn-redeem-confirm' }}
      destroyOnHidden
    >
      <div className="earn-dialog" data-testid="earn-redeem-dialog">
        {flexible ? (
          <>
            <label className="earn-label" htmlFor="earn-redeem-amount">
              {t('earn.amount')}
            </label>
            <Input
              id="earn-redeem-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              suffix={holding.coin}
              data-testid="earn-redeem-amount"
            />
            <p className="earn-note">{t('earn.redeemNote')}</p>
          </>
        ) : (
          <Alert type="warning" showIcon message={t('earn.forfeitNote')} />
        )}
        {refusal ? (
          <Alert type="error" showIcon message={refusal} data-testid="earn-refusal" />
        ) : null}
      </div>
    </Modal>
  );
}
