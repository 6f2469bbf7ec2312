import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { DemoWalletActions } from './demo-wallet-actions';
import { useSettings, VALUATION_UNITS } from '../../../platform/settings/settings-store';
import { Figure, ShowAssetToggle, ValuationUnitToggle } from './figure';

/** The top card of a wallet page: its label with the show-asset eye, the total in the currency unit and in BTC, and the page's actions. */
export function WalletHero({
  label,
  heading = false,
  figures,
  unit,
  fiatTestId,
  btcTestId,
  actions,
}: {
  label: ReactNode;
  /** The label is the page's title (an `h1`). */
  heading?: boolean;
  /** The total as written, or null while it loads (a placeholder then). */
  figures: { fiat: string; btc: string } | null;
  unit: string;
  fiatTestId: string;
  btcTestId?: string;
  actions: ReactNode;
}) {
  const valuationUnit = useSettings((s) => s.valuationUnit);
  // The BTC headline needs the BTC figure: a total that has none stays in the currency.
  const inBtc = valuationUnit === VALUATION_UNITS.btc && btcTestId !== undefined;
  const labelContent = (
    <>
      {label}
      <ShowAssetToggle />
      {btcTestId !== undefined ? <ValuationUnitToggle unit={unit} /> : null}
    </>
  );
  return (
    <section className="wallet-card wallet-hero">
      <div className="wallet-hero-figures">
        {heading ? (
          <h1 className="wallet-label wallet-label-title">{labelContent}</h1>
        ) : (
          <div className="wallet-label">{labelContent}</div>
        )}
        {figures && inBtc ? (
          <>
            <div className="wallet-total">
              <Figure text={figures.btc} testId={btcTestId} />
              <span className="wallet-total-unit">BTC</span>
            </div>
            <div className="wallet-sub">
              <Figure prefix="≈ " text={figures.fiat} suffix={` ${unit}`} testId={fiatTestId} />
            </div>
          </>
        ) : figures ? (
          <>
            <div className="wallet-total">
              <Figure text={figures.fiat} testId={fiatTestId} />
              <span className="wallet-total-unit">{unit}</span>
            </div>
            <div className="wallet-sub">
              <Figure prefix="≈ " text={figures.btc} suffix=" BTC" testId={btcTestId} />
            </div>
          </>
        ) : (
          <Skeleton.Input active size="large" />
        )}
      </div>
      {actions}
    </section>
  );
}

/** The spot wallet's actions: deposit, withdraw and transfer to futures; in simulation the demo reset and the transfer. */
export function SpotWalletActions({
  transferTestId,
  onDeposit,
  onWithdraw,
  onTransfer,
}: {
  transferTestId: string;
  onDeposit: () => void;
  onWithdraw: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  const simulation = useSimulation();
  const transfer = (
    <Button icon={<SwapOutlined />} data-testid={transferTestId} onClick={onTransfer}>
      {t('futuresAssets.transfer')}
    </Button>
  );
  if (simulation) return <DemoWalletActions>{transfer}</DemoWalletActions>;
  return (
    <div className="wallet-hero-actions">
      <Button type="primary" icon={<ArrowDownOutlined />} onClick={onDeposit}>
        {t('asset.deposit')}
      </Button>
      <Button icon={<ArrowUpOutlined />} onClick={onWithdraw}>
        {t('asset.withdraw')}
      </Button>
      {transfer}
    </div>
  );
}
