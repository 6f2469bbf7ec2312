import { RightOutlined } from '@ant-design/icons';
import { Decimal, safeDivide, type DecimalValue } from '@quay/core';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import {
  formatBtc,
  formatCoinAmount,
  formatFiat,
  formatPercent,
} from '../../../platform/numbers/number-format';
import { useSettings } from '../../../platform/settings/settings-store';
import { currencyOption } from '../../../platform/settings/valuation-currency';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useCoinIcons } from '../hooks/use-coin-icons';
import { useFuturesWallet } from '../hooks/use-futures-wallet';
import { useSpotWallet } from '../hooks/use-spot-wallet';
import { walletTotals } from '../utils/futures-wallet';
import { CoinCell } from './coin-cell';
import { Figure } from './figure';
import { useTransferDialog } from './transfer-dialog';
import { useWalletDialogs } from './wallet-dialogs';
import { SpotWalletActions, WalletHero } from './wallet-hero';
import './assets.css';
import './futures-assets.css';

const TOP_HOLDINGS = 5;

/** The wallet at a glance: total value in the currency unit and in BTC, the accounts, the largest holdings. */
export function AssetOverviewPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const wallet = useSpotWallet();
  const futures = useFuturesWallet();
  const { openTransfer, transferDialog } = useTransferDialog();
  const showAsset = useSettings((s) => s.showAsset);
  const icons = useCoinIcons();
  const { openDeposit, openWithdraw, dialogs } = useWalletDialogs(wallet);
  const simulation = useSimulation();
  const symbol = currencyOption(wallet.unit).symbol;
  const fiat = (value: DecimalValue | null | undefined) => `${symbol}${formatFiat(value ?? null)}`;
  const spotTotals = wallet.totals;
  // Both wallets: the futures one counts at its margin balance.
  const totals = walletTotals(spotTotals, futures.value);
  const zero = new Decimal(0);
  const holdings = wallet.rows.filter((r) => r.usdt && r.usdt.gt(0)).slice(0, TOP_HOLDINGS);

  return (
    <WalletLayout testId="asset-overview">
      <h1 className="wallet-title">{t('asset.overviewTitle')}</h1>
      <WalletHero
        label={t('asset.estimatedBalance')}
        figures={
          totals || (!wallet.isPending && !futures.isPending)
            ? { fiat: fiat(totals?.fiat ?? zero), btc: formatBtc(totals?.btc ?? zero) }
            : null
        }
        unit={wallet.unit}
        fiatTestId="asset-total-fiat"
        btcTestId="asset-total-btc"
        actions={
          <SpotWalletActions
            transferTestId="overview-transfer"
            onDeposit={() => openDeposit()}
            onWithdraw={() => openWithdraw()}
            onTransfer={() => openTransfer('toFutures')}
          />
        }
      />

      <section className="wallet-card">
        <h2 className="wallet-card-title">{t('asset.accounts')}</h2>
        <ul className="wallet-accounts" data-testid="asset-accounts">
          <li>
            <Link
              to={localePath('/asset/spot')}
              className="wallet-account"
              data-testid="account-spot"
            >
              <span className="wallet-account-name">{t('asset.spotAccount')}</span>
              <span className="wallet-account-figures">
                <Figure text={fiat(spotTotals?.fiat ?? zero)} className="wallet-account-fiat" />
                <Figure
                  className="wallet-muted"
                  text={formatBtc(spotTotals?.btc ?? zero)}
                  suffix=" BTC"
                />
              </span>
              <RightOutlined className="wallet-chevron" />
            </Link>
          </li>
          <li>
            <Link
              to={localePath('/asset/futures')}
              className="wallet-account"
              data-testid="account-futures"
            >
              <span className="wallet-account-name">
                {t('asset.futuresAccount')}
                <small>{t('futuresAssets.usdtMargined')}</small>
              </span>
              <span className="wallet-account-figures">
                <Figure
                  text={fiat(futures.value?.fiat ?? zero)}
                  className="wallet-account-fiat"
                  testId="account-futures-fiat"
                />
                <Figure
                  className="wallet-muted"
                  text={formatBtc(futures.value?.btc ?? zero)}
                  suffix=" BTC"
                />
              </span>
              <RightOutlined className="wallet-chevron" />
            </Link>
          </li>
        </ul>
      </section>

      <section className="wallet-card">
        <div className="wallet-card-head">
          <h2 className="wallet-card-title">{t('asset.holdings')}</h2>
          <Link to={localePath('/asset/spot')} className="wallet-more">
            {t('asset.viewAll')} <RightOutlined />
          </Link>
        </div>
        {wallet.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : holdings.length === 0 ? (
          <div className="wallet-empty">
            <p>{t('asset.noHoldings')}</p>
            {simulation ? null : (
              <Button type="primary" onClick={() => openDeposit()}>
                {t('asset.depositNow')}
              </Button>
            )}
          </div>
        ) : (
          <ul className="wallet-holdings" data-testid="asset-holdings">
            {holdings.map((row) => {
              // A share of the estimated balance shown above: both wallets.
              const share = safeDivide(row.usdt ?? 0, totals?.usdt ?? 0).times(100);
              return (
                <li key={row.coin}>
                  <CoinCell coin={row.coin} info={icons.data?.get(row.coin)} />
                  <span className="wallet-holding-bar" aria-hidden="true">
                    {showAsset ? (
                      <span style={{ inlineSize: `${share.toDecimalPlaces(2).toFixed()}%` }} />
                    ) : null}
                  </span>
                  <Figure
                    className="wallet-holding-share"
                    text={formatPercent(share)}
                    testId={`holding-share-${row.coin}`}
                  />
                  <span className="wallet-holding-figures">
                    <Figure text={formatCoinAmount(row.total, row.coin)} />
                    <Figure className="wallet-muted" prefix="≈ " text={fiat(row.fiat)} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {dialogs}
      {transferDialog}
    </WalletLayout>
  );
}
