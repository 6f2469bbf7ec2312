import type { EarnProduct } from '@quay/core/earn';
import { Checkbox, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscribe } from '../api/earn';
import { dailyInterest, estimate } from '../utils/earn-figures';
import { EarnDialog } from './earn-dialog';

/** Subscribe an amount of spot coins to a product, with the interest it would earn. */
export function SubscribeDialog({
  product,
  available,
  onClose,
}: {
  product: EarnProduct;
  available: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const subscribe = useSubscribe();
  const [amount, setAmount] = useState('');
  const [autoRenew, setAutoRenew] = useState(false);
  const days = product.type === 'fixed' ? product.termDays : 30;
  const daily = dailyInterest(amount, product.tiers);

  return (
    <EarnDialog
      title={t('earn.subscribeTitle', { coin: product.coin })}
      testId="earn-subscribe"
      pending={subscribe.isPending}
      onClose={onClose}
      submit={() =>
        subscribe.mutateAsync({
          productId: product.id,
          amount: amount.trim(),
          ...(product.type === 'fixed' ? { autoRenew } : {}),
        })
      }
    >
      <label className="earn-label" htmlFor="earn-amount">
        {t('earn.amount')}
      </label>
      <Input
        id="earn-amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        suffix={product.coin}
        data-testid="earn-amount"
      />
      <div className="earn-dialog-row">
        <span>{t('earn.available')}</span>
        <bdi dir="ltr">{`${available} ${product.coin}`}</bdi>
      </div>
      <div className="earn-dialog-row">
        <span>{t('earn.minimum')}</span>
        <bdi dir="ltr">{`${product.minAmount} ${product.coin}`}</bdi>
      </div>
      <div className="earn-dialog-row">
        <span>{t('earn.dailyEstimate')}</span>
        <bdi dir="ltr" data-testid="earn-daily-estimate">
          {`${daily.toFixed(8)} ${product.coin}`}
        </bdi>
      </div>
      <div className="earn-dialog-row">
        <span>{t('earn.periodEstimate', { days })}</span>
        <bdi dir="ltr">{`${estimate(amount, product.tiers, days).toFixed(8)} ${product.coin}`}</bdi>
      </div>
      <p className="earn-note">
        {product.type === 'flexible'
          ? t('earn.flexibleNote')
          : product.earlyRedeem
            ? t('earn.fixedNote', { days })
            : t('earn.lockedNote', { days })}
      </p>
      {product.type === 'fixed' ? (
        <Checkbox checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)}>
          {t('earn.autoRenew')}
        </Checkbox>
      ) : null}
    </EarnDialog>
  );
}
