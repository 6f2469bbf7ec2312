import { InfoCircleOutlined } from '@ant-design/icons';
import { groupThousands, toDecimal, type CoinSetting } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoinAmount } from '../../../platform/numbers/number-format';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useCoinIcons } from '../hooks/use-coin-icons';
import { useWithdraw } from '../api/withdraw';
import type { ValuedBalance } from '../utils/valuation';
import { checkWithdraw, cleanAmount, maxAmount } from '../utils/withdraw-form';
import { CoinSelect, NetworkSelect } from './coin-select';
import { useApp } from '../../../platform/widgets/app-widgets';

const FALLBACK_SETTING: Omit<CoinSetting, 'coin'> = {
  decimals: 8,
  network: '',
  minWithdraw: '0',
  withdrawFee: '0',
};

/**
 * A withdrawal: coin, address and amount (with Max), the fee and what
 * arrives, every rule checked before anything is sent. The amount stays
 * frozen until the operator approves it.
 */
export function WithdrawDialog({
  coin: initial,
  coins,
  balances,
  onClose,
}: {
  coin: string;
  coins: readonly CoinSetting[];
  balances: readonly ValuedBalance[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const icons = useCoinIcons();
  const withdraw = useWithdraw();
  const [coin, setCoin] = useState(initial);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState({ address: false, amount: false });

  const setting = { coin, ...FALLBACK_SETTING, ...coins.find((c) => c.coin === coin) };
  const available = balances.find((b) => b.coin === coin)?.available ?? '0';
  const check = checkWithdraw({ address, amount }, setting, available);
  const amountText = (value: string) => `${formatCoinAmount(value, coin)} ${coin}`;
  // Terms read better as written: 10 USDT, not 10.00000000 USDT.
  const termText = (value: string) =>
    `${groupThousands(toDecimal(value)?.toFixed() ?? '0')} ${coin}`;
  const addressError = touched.address ? check.address : null;
  // An empty field is not an error until the user has left it or tried to submit.
  const amountError =
    check.amount && (check.amount !== 'required' || touched.amount) ? check.amount : null;

  const amountHelp: Record<NonNullable<typeof amountError>, string> = {
    required: t('asset.amountRequired'),
    belowMinimum: t('asset.belowMinimum', { amount: termText(setting.minWithdraw) }),
    overAvailable: t('asset.overAvailable'),
    notAboveFee: t('asset.notAboveFee', { amount: termText(setting.withdrawFee) }),
  };

  const submit = async () => {
    setTouched({ address: true, amount: true });
    if (!check.ok || withdraw.isPending) return;
    try {
      await withdraw.mutateAsync({ coin, address: address.trim(), amount });
      void message.success(t('asset.withdrawSubmitted'));
      onClose();
    } catch {
      // The request layer has shown the server's message; the form stays for a retry.
    }
  };

  return (
    <AppDialog
      open
      onCancel={onClose}
      title={t('asset.withdrawTitle', { coin })}
      footer={null}
      testId="withdraw-dialog"
    >
      <Form
        layout="vertical"
        className="wallet-form"
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <Form.Item label={t('asset.coin')}>
          <CoinSelect
            testId="withdraw-coin"
            coins={coins}
            icons={icons.data}
            value={coin}
            onChange={(next) => {
              setCoin(next);
              setAmount('');
              setTouched((s) => ({ ...s, amount: false }));
            }}
          />
        </Form.Item>
        <Form.Item label={t('asset.network')}>
          <NetworkSelect testId="withdraw-network" network={setting.network} />
        </Form.Item>
        <Form.Item
          label={t('asset.address')}
          validateStatus={addressError ? 'error' : undefined}
          help={
            addressError
              ? addressError === 'required'
                ? t('asset.addressRequired')
                : t('asset.addressFormat')
              : undefined
          }
        >
          <Input
            size="large"
            data-testid="withdraw-address"
            value={address}
            placeholder={t('asset.addressPlaceholder', { coin })}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            onChange={(e) => setAddress(e.target.value)}
            onBlur={() => setTouched((s) => ({ ...s, address: true }))}
          />
        </Form.Item>
        <Form.Item
          label={
            <span className="withdraw-amount-label">
              <span>{t('asset.amount')}</span>
              <span className="wallet-muted">
                {t('asset.availableAmount')}{' '}
                <bdi dir="ltr" data-testid="withdraw-available">
                  {amountText(available)}
                </bdi>
              </span>
            </span>
          }
          validateStatus={amountError ? 'error' : undefined}
          help={amountError ? amountHelp[amountError] : undefined}
        >
          <Input
            size="large"
            data-testid="withdraw-amount"
            inputMode="decimal"
            value={amount}
            dir="ltr"
            placeholder={t('asset.minimumPlaceholder', { amount: termText(setting.minWithdraw) })}
            onChange={(e) => setAmount(cleanAmount(e.target.value, setting))}
            onBlur={() => setTouched((s) => ({ ...s, amount: true }))}
            suffix={
              <span className="withdraw-suffix">
                <span>{coin}</span>
                <Button
                  type="link"
                  size="small"
                  data-testid="withdraw-max"
                  onClick={() => {
                    setAmount(maxAmount(available, setting));
                    setTouched((s) => ({ ...s, amount: true }));
                  }}
                >
                  {t('asset.max')}
                </Button>
              </span>
            }
          />
        </Form.Item>
        <dl className="withdraw-summary">
          <div>
            <dt>{t('asset.minWithdraw')}</dt>
            <dd>
              <bdi dir="ltr">{termText(setting.minWithdraw)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('asset.networkFee')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="withdraw-fee">
                {termText(check.fee.toFixed())}
              </bdi>
            </dd>
          </div>
          <div className="withdraw-receive">
            <dt>{t('asset.receiveAmount')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="withdraw-receive">
                {amountText(check.receive.toFixed())}
              </bdi>
            </dd>
          </div>
        </dl>
        <p className="wallet-note">
          <InfoCircleOutlined />
          <span>{t('asset.withdrawNote')}</span>
        </p>
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          data-testid="withdraw-submit"
          loading={withdraw.isPending}
        >
          {t('asset.withdraw')}
        </Button>
      </Form>
    </AppDialog>
  );
}
