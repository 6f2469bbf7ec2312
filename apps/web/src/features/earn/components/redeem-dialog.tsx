import type { EarnHolding } from '@quay/core/earn';
import { Alert, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedeem } from '../api/earn';
import { EarnDialog } from './earn-dialog';

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
  const flexible = holding.type === 'flexible';

  return (
    <EarnDialog
      title={t('earn.redeemTitle', { coin: holding.coin })}
      testId="earn-redeem"
      pending={redeem.isPending}
      onClose={onClose}
      submit={() =>
        redeem.mutateAsync(
          flexible
            ? { productId: holding.productId, amount: amount.trim() }
            : { holdingId: holding.id },
        )
      }
    >
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
    </EarnDialog>
  );
}
