import { EyeInvisibleOutlined, EyeOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings, VALUATION_UNITS } from '../../../platform/settings/settings-store';
import { FUTURES_COIN } from '@quay/core';
import { signedCoinAmount } from '../../../platform/numbers/number-format';
import { maskFigure } from '../utils/mask';

/**
 * A figure of the user's assets: masked while the show-asset setting is off,
 * and kept left-to-right on Arabic pages so a sign or symbol stays in place.
 */
export function Figure({
  text,
  prefix,
  suffix,
  className,
  testId,
}: {
  text: string;
  /** Kept beside the figure in the same left-to-right run: `≈ `, ` BTC`. */
  prefix?: string;
  suffix?: string;
  className?: string;
  testId?: string;
}) {
  const showAsset = useSettings((s) => s.showAsset);
  return (
    <bdi dir="ltr" className={className}>
      {prefix}
      <span data-testid={testId}>{maskFigure(text, showAsset)}</span>
      {suffix}
    </bdi>
  );
}

/** The eye beside a balance: shows or hides every figure (the show-asset setting). */
export function ShowAssetToggle() {
  const { t } = useTranslation();
  const showAsset = useSettings((s) => s.showAsset);
  const setShowAsset = useSettings((s) => s.setShowAsset);
  return (
    <button
      type="button"
      className="icon-button asset-eye"
      data-testid="asset-eye"
      aria-pressed={!showAsset}
      aria-label={showAsset ? t('asset.hideBalances') : t('asset.showBalances')}
      onClick={() => setShowAsset(!showAsset)}
    >
      {showAsset ? <EyeOutlined /> : <EyeInvisibleOutlined />}
    </button>
  );
}

/** Beside a wallet's total: heads it in BTC or in the currency unit instead (the valuation unit setting). */
export function ValuationUnitToggle({ unit }: { unit: string }) {
  const { t } = useTranslation();
  const valuationUnit = useSettings((s) => s.valuationUnit);
  const setValuationUnit = useSettings((s) => s.setValuationUnit);
  const inBtc = valuationUnit === VALUATION_UNITS.btc;
  const next = inBtc ? unit : 'BTC';
  return (
    <button
      type="button"
      className="icon-button asset-valuation-unit"
      data-testid="asset-valuation-unit"
      aria-label={t('asset.valuationIn', { unit: next })}
      title={t('asset.valuationIn', { unit: next })}
      onClick={() => setValuationUnit(inBtc ? VALUATION_UNITS.fiat : VALUATION_UNITS.btc)}
    >
      <SwapOutlined /> <span>{next}</span>
    </button>
  );
}

/** A profit or loss: signed, 2 decimals, green on a gain and red on a loss; masked like any figure. */
export function PnlFigure({
  value,
  testId,
}: {
  value: string | null | undefined;
  testId?: string;
}) {
  const showAsset = useSettings((s) => s.showAsset);
  const { text, trend } = signedCoinAmount(value, FUTURES_COIN);
  return (
    <Figure
      text={text}
      testId={testId}
      className={showAsset ? `pnl-figure pnl-${trend}` : 'pnl-figure'}
    />
  );
}
