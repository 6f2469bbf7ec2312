import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { coinDisplayDecimals, formatLimit } from '../../../platform/numbers/number-format';
import type { TransferProblem } from '../utils/transfer-form';

/**
 * The amount of a transfer between wallets: what the source can give above
 * it, the coin and Max after it, the problem under it. Test ids start with
 * `testIdPrefix`: `-amount`, `-max`, `-max-text`.
 */
export function TransferAmountItem({
  coin,
  max,
  amount,
  problem,
  testIdPrefix,
  onAmount,
  onBlur,
  onMax,
}: {
  coin: string;
  max: string;
  amount: string;
  problem: TransferProblem | null;
  testIdPrefix: string;
  onAmount: (raw: string) => void;
  onBlur: () => void;
  onMax: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={
        <span className="withdraw-amount-label">
          <span>{t('asset.amount')}</span>
          <span className="wallet-muted">
            {t('futuresAssets.transferable')}{' '}
            <bdi dir="ltr" data-testid={`${testIdPrefix}-max-text`}>
              {formatLimit(max, coinDisplayDecimals(coin))} {coin}
            </bdi>
          </span>
        </span>
      }
      validateStatus={problem ? 'error' : undefined}
      help={
        problem === 'required'
          ? t('asset.amountRequired')
          : problem === 'overMax'
            ? t('futuresAssets.overTransferable')
            : undefined
      }
    >
      <Input
        size="large"
        data-testid={`${testIdPrefix}-amount`}
        inputMode="decimal"
        value={amount}
        dir="ltr"
        placeholder="0.00"
        onChange={(e) => onAmount(e.target.value)}
        onBlur={onBlur}
        suffix={
          <span className="withdraw-suffix">
            <span>{coin}</span>
            <Button type="link" size="small" data-testid={`${testIdPrefix}-max`} onClick={onMax}>
              {t('asset.max')}
            </Button>
          </span>
        }
      />
    </Form.Item>
  );
}
