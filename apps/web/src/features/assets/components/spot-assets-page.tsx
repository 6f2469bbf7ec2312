import { SearchOutlined } from '@ant-design/icons';
import { demoCoinOf, FUTURES_COIN, type DecimalValue } from '@quay/core';
import { Button, Checkbox, Empty, Input, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatBtc, formatCoinAmount, formatFiat } from '../../../platform/numbers/number-format';
import { currencyOption } from '../../../platform/settings/valuation-currency';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { useIsMobile } from '../../../ui/use-media';
import { WalletLayout } from '../../../ui/wallet-layout';
import { ButtonLink } from '../../../ui/button-link';
import { useCoinIcons } from '../hooks/use-coin-icons';
import { useSpotSymbols } from '../hooks/use-spot-symbols';
import { useSpotWallet } from '../hooks/use-spot-wallet';
import { isSmallBalance, type ValuedBalance } from '../utils/valuation';
import { CoinCell } from './coin-cell';
import { Figure } from './figure';
import { useTransferDialog } from './transfer-dialog';
import { useWalletDialogs } from './wallet-dialogs';
import { SpotWalletActions, WalletHero } from './wallet-hero';
import './assets.css';
import './futures-assets.css';

/** Where the Trade action of a coin leads: its market against USDT, or BTC/USDT for USDT itself. */
function tradeSymbolOf(coin: string, symbols: ReturnType<typeof useSpotSymbols>): string | null {
  const market =
    symbols.find((m) => m.base === coin && m.quote === 'USDT') ??
    symbols.find((m) => m.base === coin || m.quote === coin);
  return market?.symbol ?? null;
}

/** The spot account: every coin's total, available, frozen and value; search, small balances hidden, actions. */
export function SpotAssetsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const localePath = useLocalePath();
  const wallet = useSpotWallet();
  const icons = useCoinIcons();
  const symbols = useSpotSymbols();
  const { openDeposit, openWithdraw, dialogs } = useWalletDialogs(wallet);
  const { openTransfer, transferDialog } = useTransferDialog();
  const simulation = useSimulation();
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const symbol = currencyOption(wallet.unit).symbol;
  const fiat = (value: DecimalValue | null) => `${symbol}${formatFiat(value)}`;

  const query = search.trim().toUpperCase();
  const shown = wallet.rows.filter((row) => {
    if (hideSmall && isSmallBalance(row)) return false;
    if (!query) return true;
    const name = icons.data?.get(row.coin)?.name ?? '';
    return row.coin.includes(query) || name.toUpperCase().includes(query);
  });

  const actions = (row: ValuedBalance) => {
    const trade = tradeSymbolOf(row.coin, symbols);
    return (
      <span className="spot-actions">
        {simulation ? null : (
          <>
            <Button type="link" size="small" onClick={() => openDeposit(row.coin)}>
              {t('asset.deposit')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid={`withdraw-${row.coin}`}
              onClick={() => openWithdraw(row.coin)}
            >
              {t('asset.withdraw')}
            </Button>
          </>
        )}
        {row.coin === (simulation ? demoCoinOf(FUTURES_COIN) : FUTURES_COIN) ? (
          <Button
            type="link"
            size="small"
            data-testid={`transfer-${row.coin}`}
            onClick={() => openTransfer('toFutures')}
          >
            {t('futuresAssets.transfer')}
          </Button>
        ) : null}
        {trade ? (
          <ButtonLink type="link" size="small" to={localePath(`/spot/${trade}`)}>
            {t('asset.trade')}
          </ButtonLink>
        ) : null}
      </span>
    );
  };

  const columns: ColumnsType<ValuedBalance> = [
    {
      title: t('asset.coin'),
      dataIndex: 'coin',
      render: (coin: string) => <CoinCell coin={coin} info={icons.data?.get(coin)} />,
    },
    {
      title: t('asset.total'),
      dataIndex: 'total',
      align: 'end',
      render: (v: string, row) => <Figure text={formatCoinAmount(v, row.coin)} />,
    },
    {
      title: t('asset.available'),
      dataIndex: 'available',
      align: 'end',
      render: (v: string, row) => <Figure text={formatCoinAmount(v, row.coin)} />,
    },
    {
      title: t('asset.frozen'),
      dataIndex: 'frozen',
      align: 'end',
      render: (v: string, row) => <Figure text={formatCoinAmount(v, row.coin)} />,
    },
    {
      title: t('asset.value', { unit: wallet.unit }),
      key: 'value',
      align: 'end',
      render: (_: unknown, row) => <Figure text={fiat(row.fiat)} />,
    },
    {
      title: t('asset.action'),
      key: 'action',
      align: 'end',
      render: (_: unknown, row) => actions(row),
    },
  ];

  return (
    <WalletLayout testId="asset-spot">
      <WalletHero
        label={t('asset.spotAccount')}
        heading
        figures={
          wallet.totals || !wallet.isPending
            ? {
                fiat: fiat(wallet.totals?.fiat ?? null),
                btc: formatBtc(wallet.totals?.btc ?? null),
              }
            : null
        }
        unit={wallet.unit}
        fiatTestId="spot-total-fiat"
        actions={
          <SpotWalletActions
            transferTestId="spot-transfer"
            onDeposit={() => openDeposit()}
            onWithdraw={() => openWithdraw()}
            onTransfer={() => openTransfer('toFutures')}
          />
        }
      />

      <section className="wallet-card wallet-card-flush">
        <div className="spot-toolbar">
          <h2 className="wallet-card-title">{t('asset.balances')}</h2>
          <div className="spot-filters">
            <Input
              allowClear
              data-testid="asset-search"
              prefix={<SearchOutlined />}
              placeholder={t('asset.searchCoin')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="spot-search"
            />
            <Checkbox
              data-testid="hide-small"
              checked={hideSmall}
              onChange={(e) => setHideSmall(e.target.checked)}
            >
              {t('asset.hideSmall')}
            </Checkbox>
          </div>
        </div>
        {isMobile ? (
          wallet.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
          ) : (
            <ul className="spot-cards" data-testid="asset-rows">
              {shown.map((row) => (
                <li key={row.coin} data-testid={`asset-row-${row.coin}`}>
                  <div className="spot-card-top">
                    <CoinCell coin={row.coin} info={icons.data?.get(row.coin)} />
                    <span className="spot-card-total">
                      <Figure text={formatCoinAmount(row.total, row.coin)} />
                      <Figure className="wallet-muted" prefix="≈ " text={fiat(row.fiat)} />
                    </span>
                  </div>
                  <dl className="spot-card-grid">
                    <div>
                      <dt>{t('asset.available')}</dt>
                      <dd>
                        <Figure text={formatCoinAmount(row.available, row.coin)} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('asset.frozen')}</dt>
                      <dd>
                        <Figure text={formatCoinAmount(row.frozen, row.coin)} />
                      </dd>
                    </div>
                  </dl>
                  {actions(row)}
                </li>
              ))}
            </ul>
          )
        ) : (
          <Table<ValuedBalance>
            data-testid="asset-rows"
            className="wallet-table"
            rowKey="coin"
            size="middle"
            loading={wallet.isPending}
            columns={columns}
            dataSource={shown}
            pagination={false}
            onRow={(row) => ({ 'data-testid': `asset-row-${row.coin}` }) as object}
            locale={{ emptyText: t('common.empty') }}
          />
        )}
      </section>
      {dialogs}
      {transferDialog}
    </WalletLayout>
  );
}
