import { InfoCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { demoCoinOf, FUTURES_COIN, type TransferDirection } from '@quay/core';
import { Alert, Button, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useFuturesAccount } from '../../../entities/balances/futures-account';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { useCoinIcons } from '../hooks/use-coin-icons';
import { useFuturesTransfer } from '../api/futures-transfer';
import {
  checkTransfer,
  cleanTransferAmount,
  flipDirection,
  transferMax,
} from '../utils/transfer-form';
import { CoinCell } from './coin-cell';
import { TransferAmountItem } from './transfer-amount';
// The dialog opens on the futures trading page too, where no wallet page has loaded its styles.
import './assets.css';
import './futures-assets.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/**
 * USDT (SUSDT in simulation) between the spot and the futures wallet, either
 * way; the server's refusal is shown as it words it.
 */
export function TransferDialog({
  direction: initial,
  onClose,
}: {
  direction: TransferDirection;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const icons = useCoinIcons();
  const balances = useSpotBalances();
  const account = useFuturesAccount();
  const transfer = useFuturesTransfer();
  const [direction, setDirection] = useState(initial);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Demo perpetuals settle in the demo twin (SUSDT), moved inside the demo ledger.
  const simulation = useSimulation();
  const coin = simulation ? demoCoinOf(FUTURES_COIN) : FUTURES_COIN;
  const spotAvailable = balances.data?.find((b) => b.coin === coin)?.available ?? null;
  const max = transferMax(direction, spotAvailable, account.data);
  // Until the source wallet has answered, its zero is unknown, not empty: no transfer yet.
  const sourceLoading = direction === 'toFutures' ? balances.isPending : account.isPending;
  const check = checkTransfer(amount, max);
  const problem = check.problem && (check.problem !== 'required' || touched) ? check.problem : null;
  const wallet = (side: 'spot' | 'futures') => t(`futuresAssets.wallets.${side}`);
  const [from, to] =
    direction === 'toFutures' ? (['spot', 'futures'] as const) : (['futures', 'spot'] as const);

  const submit = async () => {
    setTouched(true);
    if (sourceLoading || !check.ok || transfer.isPending) return;
    setRefusal(null);
    try {
      await transfer.mutateAsync({ coin, amount, direction });
      void message.success(t('futuresAssets.transferDone'));
      onClose();
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.msg ? error.msg : t('futuresAssets.transferFailed'),
      );
    }
  };

  return (
    <AppDialog
      open
      onCancel={onClose}
      title={t('futuresAssets.transferTitle')}
      footer={null}
      testId="transfer-dialog"
    >
      <Form
        layout="vertical"
        className="wallet-form"
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <div className="transfer-route">
          <div className="transfer-ends">
            <div className="transfer-end">
              <span className="wallet-muted">{t('futuresAssets.from')}</span>
              <strong data-testid="transfer-from">{wallet(from)}</strong>
            </div>
            <div className="transfer-end">
              <span className="wallet-muted">{t('futuresAssets.to')}</span>
              <strong data-testid="transfer-to">{wallet(to)}</strong>
            </div>
          </div>
          <Button
            shape="circle"
            icon={<SwapOutlined rotate={90} />}
            aria-label={t('futuresAssets.swapDirection')}
            data-testid="transfer-swap"
            onClick={() => {
              setDirection(flipDirection(direction));
              setAmount('');
              setTouched(false);
              setRefusal(null);
            }}
          />
        </div>
        <Form.Item label={t('asset.coin')}>
          <div className="transfer-coin">
            <CoinCell coin={coin} info={icons.data?.get(coin)} />
          </div>
        </Form.Item>
        <TransferAmountItem
          coin={coin}
          max={max}
          amount={amount}
          problem={problem}
          testIdPrefix="transfer"
          onAmount={(raw) => {
            setAmount(cleanTransferAmount(raw));
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          onMax={() => {
            setAmount(max);
            setTouched(true);
            setRefusal(null);
          }}
        />
        {refusal ? (
          <Alert
            type="error"
            showIcon
            title={refusal}
            className="transfer-refusal"
            data-testid="transfer-error"
          />
        ) : null}
        <p className="wallet-note">
          <InfoCircleOutlined />
          <span>{t('futuresAssets.transferNote')}</span>
        </p>
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          data-testid="transfer-submit"
          disabled={sourceLoading}
          loading={transfer.isPending || sourceLoading}
        >
          {t('futuresAssets.confirmTransfer')}
        </Button>
      </Form>
    </AppDialog>
  );
}

/** The transfer dialog of a wallet page, opened in one direction. */
export function useTransferDialog(): {
  openTransfer: (direction?: TransferDirection) => void;
  transferDialog: ReactNode;
} {
  const [open, setOpen] = useState<TransferDirection | null>(null);
  return {
    openTransfer: (direction = 'toFutures') => setOpen(direction),
    transferDialog: open ? <TransferDialog direction={open} onClose={() => setOpen(null)} /> : null,
  };
}
