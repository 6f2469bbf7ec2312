import {
  toDecimal,
  type MarginAccount,
  type MarginAccountRef,
  type MarginConfig,
} from '@quay/core';
import { Alert, Button, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarginMax } from '../../../entities/margin/margin-accounts';
import {
  coinDisplayDecimals,
  formatCoinAmount,
  formatLimit,
  formatRate,
} from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { ApiError } from '../../../platform/request/client';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useBorrow, useRepay } from '../api/margin';
import { checkBorrow, checkRepay, debtOf, interestOf } from '../utils/margin-figures';
import { useApp } from '../../../platform/widgets/app-widgets';

export type LoanAction = 'borrow' | 'repay';

/**
 * Borrow into, or repay from, one margin account: the coin (the market's two),
 * the amount with what may be borrowed or what is owed, the interest rates;
 * repay all pays principal and interest in full.
 */
export function LoanDialog({
  action: initial,
  coins,
  accountRef,
  account,
  config,
  onClose,
}: {
  action: LoanAction;
  coins: readonly string[];
  accountRef: MarginAccountRef;
  account: MarginAccount | undefined;
  config: MarginConfig | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [action, setAction] = useState(initial);
  const [coin, setCoin] = useState(coins[coins.length - 1] ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const borrow = useBorrow();
  const repay = useRepay();
  const max = useMarginMax('borrow', accountRef, coin);
  const asset = account?.assets.find((a) => a.coin === coin);
  const debt = debtOf(asset);
  const terms = config?.coins.find((c) => c.coin === coin);
  const places = coinDisplayDecimals(coin);
  const problem =
    action === 'borrow'
      ? checkBorrow(amount, max.data?.amount)
      : checkRepay(amount, debt, asset?.available ?? '0');
  const shown = problem && (problem !== 'required' || touched) ? problem : null;
  const cost = terms ? interestOf(amount || '0', terms.dailyRate) : null;
  const pending = borrow.isPending || repay.isPending;
  const hasDebt = toDecimal(debt)?.gt(0) ?? false;

  const run = async (all: boolean) => {
    setTouched(true);
    if (!all && problem) return;
    setRefusal(null);
    try {
      if (action === 'borrow') await borrow.mutateAsync({ ...accountRef, coin, amount });
      else
        await repay.mutateAsync(
          all ? { ...accountRef, coin, all: true } : { ...accountRef, coin, amount },
        );
      void message.success(t(action === 'borrow' ? 'margin.borrowDone' : 'margin.repayDone'));
      onClose();
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('margin.loanFailed'));
    }
  };

  const row = (label: string, value: string, testId: string) => (
    <div className="loan-row">
      <span className="muted">{label}</span>
      <bdi dir="ltr" data-testid={testId}>
        {value}
      </bdi>
    </div>
  );

  return (
    <AppDialog
      open
      onCancel={onClose}
      title={t('margin.loanTitle')}
      footer={null}
      testId="loan-dialog"
    >
      <div className="loan-form">
        <Segmented<LoanAction>
          block
          value={action}
          onChange={(v) => {
            setAction(v);
            setAmount('');
            setTouched(false);
            setRefusal(null);
          }}
          options={[
            {
              value: 'borrow',
              label: <span data-testid="loan-tab-borrow">{t('margin.borrow')}</span>,
            },
            {
              value: 'repay',
              label: <span data-testid="loan-tab-repay">{t('margin.repay')}</span>,
            },
          ]}
        />
        <div className="loan-coins" role="radiogroup" aria-label={t('margin.coin')}>
          {coins.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={coin === c}
              className={`chip ${coin === c ? 'active' : ''}`}
              onClick={() => {
                setCoin(c);
                setAmount('');
                setRefusal(null);
              }}
              data-testid={`loan-coin-${c}`}
            >
              {c}
            </button>
          ))}
        </div>
        {action === 'borrow'
          ? row(
              t('margin.maxBorrowable'),
              `${max.data ? formatLimit(max.data.amount, places) : '--'} ${coin}`,
              'loan-max',
            )
          : row(t('margin.owed'), `${formatCoinAmount(debt, coin)} ${coin}`, 'loan-owed')}
        {action === 'repay'
          ? row(
              t('margin.interestOwed'),
              `${formatCoinAmount(asset?.interest ?? '0', coin)} ${coin}`,
              'loan-interest',
            )
          : null}
        {row(
          t('spot.available'),
          `${formatCoinAmount(asset?.available ?? '0', coin)} ${coin}`,
          'loan-available',
        )}
        {terms
          ? row(t('margin.hourlyRate'), formatRate(terms.hourlyRate), 'loan-hourly-rate')
          : null}
        {terms ? row(t('margin.dailyRate'), formatRate(terms.dailyRate), 'loan-daily-rate') : null}
        <Input
          size="large"
          dir="ltr"
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          status={shown ? 'error' : undefined}
          onChange={(e) => {
            setAmount(cleanNumericInput(e.target.value, places));
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          data-testid="loan-amount"
          suffix={
            <span className="loan-suffix">
              <span>{coin}</span>
              <Button
                type="link"
                size="small"
                data-testid="loan-max-fill"
                onClick={() => {
                  const most = action === 'borrow' ? (max.data?.amount ?? '0') : debt;
                  setAmount(cleanNumericInput(most, places));
                  setTouched(true);
                }}
              >
                {t('margin.max')}
              </Button>
            </span>
          }
        />
        <div className="order-error" role="alert" data-testid="loan-error">
          {shown === 'required' ? t('margin.amountRequired') : null}
          {shown === 'overMax' ? t('margin.overBorrowable') : null}
          {shown === 'overDebt' ? t('margin.overDebt') : null}
          {shown === 'overAvailable' ? t('margin.overAvailable', { coin }) : null}
        </div>
        {action === 'borrow' && cost
          ? row(
              t('margin.interestEstimate'),
              `${formatCoinAmount(cost.hour, coin)} / ${formatCoinAmount(cost.day, coin)} ${coin}`,
              'loan-interest-estimate',
            )
          : null}
        {refusal ? (
          <Alert type="error" showIcon title={refusal} data-testid="loan-refusal" />
        ) : null}
        <div className="loan-actions">
          {action === 'repay' ? (
            <Button
              size="large"
              block
              loading={pending}
              disabled={!hasDebt}
              onClick={() => void run(true)}
              data-testid="loan-repay-all"
            >
              {t('margin.repayAll')}
            </Button>
          ) : null}
          <Button
            type="primary"
            size="large"
            block
            loading={pending}
            onClick={() => void run(false)}
            data-testid="loan-submit"
          >
            {t(action === 'borrow' ? 'margin.confirmBorrow' : 'margin.confirmRepay')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
