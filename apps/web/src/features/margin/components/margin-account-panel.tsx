import type { MarginAccount, NumericInput } from '@quay/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { add } from '../../../platform/numbers/arithmetic';
import { formatCoinAmount, formatUsdt } from '../../../platform/numbers/number-format';
import { useSettings } from '../../../platform/settings/settings-store';
import { RiskGauge } from '../../../ui/margin/risk-gauge';

/**
 * The margin account beside the form: its risk gauge, and for each of the
 * market's coins what it holds, owes (principal, interest) and is worth net.
 */
export function MarginAccountPanel({
  account,
  coins,
  loading,
}: {
  account: MarginAccount | undefined;
  coins: readonly string[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const loggedIn = useSettings((s) => s.loginFlag);
  if (!loggedIn) return null;
  if (loading && !account) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!account) return null;
  const valuation = account.valuationCoin;
  return (
    <div className="margin-account" data-testid="margin-account">
      <RiskGauge account={account} testId="margin-risk" />
      <table className="margin-assets">
        <thead>
          <tr>
            <th>{t('margin.coin')}</th>
            <th>{t('margin.asset')}</th>
            <th>{t('margin.liability')}</th>
            <th>{t('margin.interest')}</th>
            <th>{t('margin.net')}</th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => {
            const a = account.assets.find((x) => x.coin === coin);
            const held = a ? add(a.available, a.frozen) : '0';
            const cell = (v: NumericInput | undefined, key: string) => (
              <td data-testid={`margin-${key}-${coin}`}>
                <bdi dir="ltr">{formatCoinAmount(v ?? '0', coin)}</bdi>
              </td>
            );
            return (
              <tr key={coin}>
                <th scope="row">{coin}</th>
                {cell(held, 'held')}
                {cell(a?.borrowed, 'borrowed')}
                {cell(a?.interest, 'interest')}
                {cell(a?.netAsset, 'net')}
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="margin-totals">
        <div>
          <dt>{t('margin.totalAsset')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="margin-total-asset">
              {formatUsdt(account.totalAsset)} {valuation}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('margin.totalLiability')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="margin-total-liability">
              {formatUsdt(account.totalLiability)} {valuation}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('margin.netAsset')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="margin-net-asset">
              {formatUsdt(account.netAsset)} {valuation}
            </bdi>
          </dd>
        </div>
      </dl>
    </div>
  );
}
