import { LineChartOutlined, SwapOutlined } from '@ant-design/icons';
import { pairOfPerp, toDecimal, type FuturesPosition } from '@quay/core';
import { Button, Empty, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePerpMarkets } from '../../../entities/markets/markets';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import {
  formatBtc,
  formatFiat,
  formatQuantity,
  formatUsdt,
} from '../../../platform/numbers/number-format';
import { currencyOption } from '../../../platform/settings/valuation-currency';
import { useSimulation } from '../../../platform/simulation/simulation-ui';
import { ButtonLink } from '../../../ui/button-link';
import { useIsMobile } from '../../../ui/use-media';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useFuturesWallet } from '../hooks/use-futures-wallet';
import { tradePairOf } from '../utils/futures-wallet';
import { Figure, PnlFigure } from './figure';
import { useTransferDialog } from './transfer-dialog';
import { WalletHero } from './wallet-hero';
import './assets.css';
import './futures-assets.css';

const DEFAULT_TRADE_PAIR = 'BTCUSDT';

/** A position's size at its market's lot; the sign is the side's business. */
const sizeText = (p: FuturesPosition, lotDecimals: number | undefined) => {
  const d = toDecimal(p.positionsCount) ?? toDecimal(p.count);
  if (!d) return '--';
  return lotDecimals === undefined ? d.abs().toFixed() : formatQuantity(d.abs(), lotDecimals);
};

/**
 * The USDT-M futures wallet: its value in the currency unit, the figures of
 * the account (live), the held positions with a Trade link, and the transfer
 * to and from the spot wallet.
 */
export function FuturesAssetsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const localePath = useLocalePath();
  const wallet = useFuturesWallet();
  const simulation = useSimulation();
  const { openTransfer, transferDialog } = useTransferDialog();
  const symbol = currencyOption(wallet.unit).symbol;
  const account = wallet.account;
  const coin = account?.coin ?? 'USDT';
  const usdt = (value: string | undefined) => formatUsdt(value ?? (wallet.isError ? '0' : null));
  const tradePath = (pair: string) => localePath(`/futures/usdt/${pair}`);
  const perps = usePerpMarkets().data;
  const lotOf = (symbol: string) => perps?.find((m) => m.symbol === symbol)?.quantityPrecision;

  const figures: { key: string; value: string | undefined; pnl?: boolean }[] = [
    { key: 'walletBalance', value: account?.walletBalance },
    { key: 'unrealisedPnl', value: account?.unrealisedPnl, pnl: true },
    { key: 'marginBalance', value: account?.marginBalance },
    { key: 'availableBalance', value: account?.availableBalance },
    { key: 'positionMargin', value: account?.positionMargin },
    { key: 'orderMargin', value: account?.orderMargin },
    { key: 'maxTransferable', value: account?.maxTransferable },
  ];

  const side = (p: FuturesPosition) => (
    <span className={p.side === 1 ? 'futures-long' : 'futures-short'}>
      {t(p.side === 1 ? 'futuresAssets.long' : 'futuresAssets.short')}
    </span>
  );
  const trade = (p: FuturesPosition) => (
    <ButtonLink
      type="link"
      size="small"
      className="futures-trade-link"
      to={tradePath(tradePairOf(p.symbol))}
    >
      {t('asset.trade')}
    </ButtonLink>
  );

  const columns: ColumnsType<FuturesPosition> = [
    {
      title: t('futuresAssets.symbol'),
      dataIndex: 'symbol',
      render: (v: string) => (
        <span className="futures-symbol">
          <strong>{pairOfPerp(v)}</strong>
          <span className="wallet-muted">{t('futuresAssets.perpetual')}</span>
        </span>
      ),
    },
    { title: t('futuresAssets.side'), key: 'side', render: (_, p) => side(p) },
    {
      title: t('futuresAssets.size'),
      key: 'size',
      align: 'end',
      render: (_, p) => <Figure text={sizeText(p, lotOf(p.symbol))} />,
    },
    {
      title: t('futuresAssets.unrealisedPnlCoin', { coin }),
      dataIndex: 'unrealisedPnl',
      align: 'end',
      render: (v: string) => <PnlFigure value={v} />,
    },
    { title: t('asset.action'), key: 'action', align: 'end', render: (_, p) => trade(p) },
  ];

  return (
    <WalletLayout testId="asset-futures">
      <WalletHero
        label={t('futuresAssets.title')}
        heading
        figures={
          wallet.value
            ? {
                fiat: `${symbol}${formatFiat(wallet.value.fiat)}`,
                btc: formatBtc(wallet.value.btc),
              }
            : null
        }
        unit={wallet.unit}
        fiatTestId="futures-total-fiat"
        actions={
          <div className="wallet-hero-actions futures-hero-actions">
            {simulation ? (
              <span className="demo-wallet-note futures-demo-note" data-testid="futures-demo-note">
                {t('futuresAssets.demoNote')}
              </span>
            ) : null}
            <span className="futures-hero-buttons">
              <Button
                type="primary"
                icon={<SwapOutlined />}
                data-testid="futures-transfer"
                onClick={() => openTransfer('toFutures')}
              >
                {t('futuresAssets.transfer')}
              </Button>
              <ButtonLink icon={<LineChartOutlined />} to={tradePath(DEFAULT_TRADE_PAIR)}>
                {t('futuresAssets.tradeFutures')}
              </ButtonLink>
            </span>
          </div>
        }
      />

      <section className="wallet-card">
        <h2 className="wallet-card-title">{t('futuresAssets.accountTitle', { coin })}</h2>
        {wallet.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <dl className="futures-figures" data-testid="futures-figures">
            {figures.map((f) => (
              <div key={f.key} data-testid={`futures-${f.key}`}>
                <dt>{t(`futuresAssets.figures.${f.key}`)}</dt>
                <dd>
                  {f.pnl ? (
                    <PnlFigure value={f.value ?? (wallet.isError ? '0' : undefined)} />
                  ) : (
                    <Figure text={usdt(f.value)} />
                  )}
                  <span className="wallet-muted">{coin}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="wallet-card wallet-card-flush">
        <div className="spot-toolbar">
          <h2 className="wallet-card-title">{t('futuresAssets.positions')}</h2>
        </div>
        {isMobile ? (
          wallet.positionsPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : wallet.positions.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('futuresAssets.noPositions')}
            />
          ) : (
            <ul className="spot-cards" data-testid="futures-positions">
              {wallet.positions.map((p) => (
                <li key={p.positionId} data-testid={`position-${p.symbol}-${p.side}`}>
                  <div className="spot-card-top">
                    <span className="futures-symbol">
                      <strong>{pairOfPerp(p.symbol)}</strong>
                      {side(p)}
                    </span>
                    {trade(p)}
                  </div>
                  <dl className="spot-card-grid">
                    <div>
                      <dt>{t('futuresAssets.size')}</dt>
                      <dd>
                        <Figure text={sizeText(p, lotOf(p.symbol))} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('futuresAssets.unrealisedPnlCoin', { coin })}</dt>
                      <dd>
                        <PnlFigure value={p.unrealisedPnl} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )
        ) : (
          <Table<FuturesPosition>
            data-testid="futures-positions"
            className="wallet-table"
            rowKey="positionId"
            onRow={(p) => ({ 'data-testid': `position-${p.symbol}-${p.side}` }) as object}
            size="middle"
            loading={wallet.positionsPending}
            columns={columns}
            dataSource={wallet.positions}
            pagination={false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('futuresAssets.noPositions')}
                />
              ),
            }}
          />
        )}
      </section>
      {transferDialog}
    </WalletLayout>
  );
}
