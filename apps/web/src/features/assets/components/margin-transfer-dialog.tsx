import { SwapOutlined } from '@ant-design/icons';
import type { MarginModeName, MarginWallet } from '@quay/core';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarginConfig, useMarginMax } from '../../../entities/margin/margin-accounts';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { ApiError } from '../../../platform/request/client';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { AppSelect } from '../../../platform/widgets/app-select';
import { useMarginTransfer } from '../api/margin-transfer';
import { checkTransfer, cleanTransferAmount, TRANSFER_DECIMALS } from '../utils/transfer-form';
import {
  destinationsOf,
  needsMarket,
  swapEnds,
  transferBody,
  transferCoins,
  transferLimit,
  withSource,
  type TransferEnds,
} from '../utils/margin-transfer';
import { TransferAmountItem } from './transfer-amount';
import './assets.css';
import './futures-assets.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const WALLETS: readonly MarginWallet[] = ['spot', 'cross', 'isolated'];

/**
 * A coin between the spot account and the cross or an isolated margin
 * account, or between cross and isolated; the server's refusal is shown in
 * its words. Opens from spot into the account given (`mode`, `symbol`).
 */
export function MarginTransferDialog({
  mode,
  symbol: initialSymbol,
  onClose,
}: {
  mode: MarginModeName;
  symbol?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const config = useMarginConfig();
  const balances = useSpotBalances();
  const transfer = useMarginTransfer();
  const isolatedMarkets = (config.data?.markets ?? []).filter((m) => m.isolated);
  const [ends, setEnds] = useState<TransferEnds>({ from: 'spot', to: mode });
  const [symbol, setSymbol] = useState<string | null>(initialSymbol ?? null);
  const market = symbol ?? isolatedMarkets[0]?.symbol ?? null;
  const coins = transferCoins(ends, market, config.data);
  const [picked, setPicked] = useState<string | null>(null);
  const coin =
    picked && coins.includes(picked)
      ? picked
      : ((coins.includes('USDT') ? 'USDT' : coins[0]) ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decimals = TRANSFER_DECIMALS;
  const marginSource =
    ends.from === 'spot'
      ? null
      : { mode: ends.from as MarginModeName, symbol: market ?? undefined };
  const marginMax = useMarginMax('transfer', marginSource, coin);
  const source =
    ends.from === 'spot'
      ? balances.data?.find((b) => b.coin === coin)?.available
      : marginMax.data?.amount;
  const max = transferLimit(source, decimals);
  // Until the source wallet has answered, its zero is unknown, not empty: no transfer yet.
  const sourceLoading = ends.from === 'spot' ? balances.isPending : marginMax.isPending;
  const check = checkTransfer(amount, max);
  const problem = check.problem && (check.problem !== 'required' || touched) ? check.problem : null;
  const wallet = (w: MarginWallet) => t(`marginAssets.wallets.${w}`);
  const reset = () => {
    setAmount('');
    setTouched(false);
    setRefusal(null);
  };

  const submit = async () => {
    setTouched(true);
    if (sourceLoading || !check.ok || transfer.isPending) return;
    setRefusal(null);
    try {
      await transfer.mutateAsync(transferBody(ends, market, coin, amount));
      void message.success(t('futuresAssets.transferDone'));
      onClose();
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.msg ? error.msg : t('futuresAssets.transferFailed'),
      );
    }
  };

  const endSelect = (side: 'from' | 'to') => (
    <AppSelect<MarginWallet>
      testId={`margin-transfer-${side}`}
      title={t(`futuresAssets.${side}`)}
      value={ends[side]}
      options={(side === 'from' ? WALLETS : destinationsOf(ends.from)).map((w) => ({
        value: w,
        label: wallet(w),
      }))}
      onChange={(w) => {
        setEnds(side === 'from' ? withSource(ends, w) : { ...ends, to: w });
        reset();
      }}
    />
  );

  return (
    <AppDialog
      open
      onCancel={onClose}
      title={t('marginAssets.transferTitle')}
      footer={null}
      testId="margin-transfer-dialog"
    >
      <Form
        layout="vertical"
        className="wallet-form"
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <div className="transfer-route">
          <div className="transfer-ends margin-transfer-ends">
            <Form.Item label={t('futuresAssets.from')}>{endSelect('from')}</Form.Item>
            <Form.Item label={t('futuresAssets.to')}>{endSelect('to')}</Form.Item>
          </div>
          <Button
            shape="circle"
            icon={<SwapOutlined rotate={90} />}
            aria-label={t('futuresAssets.swapDirection')}
            data-testid="margin-transfer-swap"
            onClick={() => {
              setEnds(swapEnds(ends));
              reset();
            }}
          />
        </div>
        {needsMarket(ends) ? (
          <Form.Item label={t('marginAssets.market')}>
            <AppSelect<string>
              testId="margin-transfer-market"
              title={t('marginAssets.market')}
              value={market ?? ''}
              options={isolatedMarkets.map((m) => ({
                value: m.symbol,
                label: `${m.base}/${m.quote}`,
              }))}
              onChange={(s) => {
                setSymbol(s);
                reset();
              }}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('asset.coin')}>
          <AppSelect<string>
            testId="margin-transfer-coin"
            title={t('asset.coin')}
            value={coin}
            options={coins.map((c) => ({ value: c, label: c }))}
            onChange={(c) => {
              setPicked(c);
              reset();
            }}
          />
        </Form.Item>
        <TransferAmountItem
          coin={coin}
          max={max}
          amount={amount}
          problem={problem}
          testIdPrefix="margin-transfer"
          onAmount={(raw) => {
            setAmount(cleanTransferAmount(raw, decimals));
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          onMax={() => {
            setAmount(max);
            setTouched(true);
          }}
        />
        {refusal ? (
          <Alert
            type="error"
            showIcon
            title={refusal}
            className="transfer-refusal"
            data-testid="margin-transfer-error"
          />
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          data-testid="margin-transfer-submit"
          disabled={sourceLoading}
          loading={transfer.isPending || sourceLoading}
        >
          {t('futuresAssets.confirmTransfer')}
        </Button>
      </Form>
    </AppDialog>
  );
}
