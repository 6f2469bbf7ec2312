import { LineChartOutlined, SwapOutlined } from '@ant-design/icons';
import type { MarginAccount, MarginAsset, MarginModeName } from '@quay/core';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarginAccounts, useMarginConfig } from '../../../entities/margin/margin-accounts';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { add } from '../../../platform/numbers/arithmetic';
import { formatCoinAmount, formatUsdt } from '../../../platform/numbers/number-format';
import { ButtonLink } from '../../../ui/button-link';
import { RiskGauge } from '../../../ui/margin/risk-gauge';
import { WalletLayout } from '../../../ui/wallet-layout';
import { Figure, ShowAssetToggle } from './figure';
import { MarginNotices } from './margin-notices';
import { MarginTransferDialog } from './margin-transfer-dialog';
import './assets.css';
import './margin-assets.css';

const DEFAULT_PAIR = 'BTCUSDT';

/** What each coin row shows: held (available and in orders), borrowed, interest, net. */
const COIN_FIGURES = ['asset', 'liability', 'interest', 'net'] as const;

function coinFigure(a: MarginAsset, figure: (typeof COIN_FIGURES)[number]) {
  if (figure === 'asset') return add(a.available, a.frozen);
  if (figure === 'liability') return a.borrowed;
  return figure === 'interest' ? a.interest : a.netAsset;
}

/**
 * The margin wallet: the cross account and every isolated account opened,
 * each with its risk, its coins (held, borrowed, interest, net), and the
 * transfers between spot, cross and isolated.
 */
export function MarginAssetsPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const accounts = useMarginAccounts();
  const config = useMarginConfig();
  const [transfer, setTransfer] = useState<{ mode: MarginModeName; symbol?: string } | null>(null);
  const list = accounts.data ?? [];
  const valuation = config.data?.valuationCoin ?? 'USDT';
  const net = list.reduce((sum, a) => add(sum, a.netAsset), add('0', '0'));
  const cross = list.find((a) => a.mode === 'cross');
  const isolated = list.filter((a) => a.mode === 'isolated');
  const pairOf = (symbol: string) => {
    const m = config.data?.markets.find((x) => x.symbol === symbol);
    return m ? `${m.base}/${m.quote}` : symbol;
  };

  return (
    <WalletLayout testId="asset-margin">
      <section className="wallet-card margin-hero">
        <div>
          <h1 className="wallet-label wallet-label-title">
            {t('marginAssets.title')}
            <ShowAssetToggle />
          </h1>
          <div className="margin-hero-figure">
            <span className="wallet-muted">{t('margin.netAsset')}</span>
            <Figure
              text={accounts.data ? formatUsdt(net) : '--'}
              suffix={` ${valuation}`}
              testId="margin-wallet-net"
            />
          </div>
        </div>
        <div className="margin-hero-actions">
          <Button
            type="primary"
            icon={<SwapOutlined />}
            onClick={() => setTransfer({ mode: 'cross' })}
            data-testid="margin-wallet-transfer"
          >
            {t('margin.transfer')}
          </Button>
          <ButtonLink icon={<LineChartOutlined />} to={localePath(`/margin/${DEFAULT_PAIR}`)}>
            {t('marginAssets.trade')}
          </ButtonLink>
        </div>
      </section>

      {accounts.isPending ? (
        <section className="wallet-card">
          <Skeleton active paragraph={{ rows: 4 }} />
        </section>
      ) : (
        <>
          <AccountCard
            title={t('margin.modes.cross')}
            account={cross}
            testId="margin-wallet-cross"
            onTransfer={() => setTransfer({ mode: 'cross' })}
            tradeTo={localePath(`/margin/${DEFAULT_PAIR}`)}
          />
          {isolated.length === 0 ? (
            <section className="wallet-card">
              <h2 className="wallet-card-title">{t('margin.modes.isolated')}</h2>
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('marginAssets.noIsolated')}
              />
            </section>
          ) : null}
          {isolated.map((a) => (
            <AccountCard
              key={a.symbol}
              title={`${pairOf(a.symbol ?? '')} · ${t('margin.modes.isolated')}`}
              account={a}
              testId={`margin-wallet-isolated-${a.symbol}`}
              onTransfer={() => setTransfer({ mode: 'isolated', symbol: a.symbol ?? undefined })}
              tradeTo={localePath(`/margin/${a.symbol}?mode=isolated`)}
            />
          ))}
        </>
      )}
      <MarginNotices pairOf={pairOf} />
      {transfer ? (
        <MarginTransferDialog
          mode={transfer.mode}
          symbol={transfer.symbol}
          onClose={() => setTransfer(null)}
        />
      ) : null}
    </WalletLayout>
  );
}

function AccountCard({
  title,
  account,
  testId,
  onTransfer,
  tradeTo,
}: {
  title: string;
  account: MarginAccount | undefined;
  testId: string;
  onTransfer: () => void;
  tradeTo: string;
}) {
  const { t } = useTranslation();
  const valuation = account?.valuationCoin ?? 'USDT';
  const held = account?.assets.filter((a) =>
    [a.available, a.frozen, a.borrowed, a.interest].some((v) => /[1-9]/.test(v)),
  );
  const totals = [
    { key: 'totalAsset', value: account?.totalAsset },
    { key: 'totalLiability', value: account?.totalLiability },
    { key: 'netAsset', value: account?.netAsset },
  ];
  return (
    <section className="wallet-card margin-account-card" data-testid={testId}>
      <div className="wallet-card-head">
        <h2 className="wallet-card-title">
          {title}
          {account ? (
            <span className="margin-leverage-tag">
              <bdi dir="ltr">{account.maxLeverage}x</bdi>
            </span>
          ) : null}
        </h2>
        <div className="margin-card-actions">
          <Button
            size="small"
            icon={<SwapOutlined />}
            onClick={onTransfer}
            data-testid={`${testId}-transfer`}
          >
            {t('margin.transfer')}
          </Button>
          <ButtonLink size="small" to={tradeTo}>
            {t('asset.trade')}
          </ButtonLink>
        </div>
      </div>
      {account ? <RiskGauge account={account} testId={`${testId}-risk`} /> : null}
      <dl className="margin-wallet-totals">
        {totals.map((f) => (
          <div key={f.key}>
            <dt>{t(`margin.${f.key}`)}</dt>
            <dd>
              <Figure
                text={formatUsdt(f.value ?? '0')}
                suffix={` ${valuation}`}
                testId={`${testId}-${f.key}`}
              />
            </dd>
          </div>
        ))}
      </dl>
      {held && held.length > 0 ? (
        <div className="margin-wallet-coins" role="table" aria-label={title}>
          <div className="margin-wallet-row margin-wallet-head" role="row">
            <span role="columnheader">{t('margin.coin')}</span>
            {COIN_FIGURES.map((f) => (
              <span role="columnheader" key={f}>
                {t(`margin.${f}`)}
              </span>
            ))}
          </div>
          {held.map((a) => (
            <div
              className="margin-wallet-row"
              role="row"
              key={a.coin}
              data-testid={`${testId}-coin-${a.coin}`}
            >
              <strong role="cell">{a.coin}</strong>
              {COIN_FIGURES.map((f) => (
                <span role="cell" key={f} data-label={t(`margin.${f}`)}>
                  <Figure text={formatCoinAmount(coinFigure(a, f), a.coin)} />
                </span>
              ))}
            </div>
          ))}
        </div>
      ) : (
        <p className="wallet-muted margin-wallet-empty">{t('marginAssets.emptyAccount')}</p>
      )}
    </section>
  );
}
