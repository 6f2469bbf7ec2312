import type { MarginAccount } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { formatMarginLevel, formatRiskRatio, riskGauge, riskTone } from './margin-risk';
import './risk-gauge.css';

type GaugeAccount = Pick<
  MarginAccount,
  'marginLevel' | 'riskRatio' | 'callLevel' | 'liquidationLevel' | 'status'
>;

/**
 * A margin account's risk: its margin level and risk ratio, and a bar filled
 * to the ratio with the margin-call and liquidation lines on it. Used by the
 * margin trading screen and the margin wallet.
 */
export function RiskGauge({ account, testId }: { account: GaugeAccount; testId: string }) {
  const { t } = useTranslation();
  const tone = riskTone(account);
  const gauge = riskGauge(account);
  return (
    <div className={`margin-risk tone-${tone}`} data-testid={testId} data-tone={tone}>
      <div className="margin-risk-figures">
        <span>
          <span className="muted">{t('margin.marginLevel')}</span>{' '}
          <bdi dir="ltr" className="margin-risk-level" data-testid={`${testId}-level`}>
            {formatMarginLevel(account.marginLevel)}
          </bdi>
        </span>
        <span>
          <span className="muted">{t('margin.riskRatio')}</span>{' '}
          <bdi dir="ltr" data-testid={`${testId}-ratio`}>
            {formatRiskRatio(account.riskRatio)}
          </bdi>
        </span>
        <span className="margin-risk-state" data-testid={`${testId}-state`}>
          {t(`margin.tone.${tone}`)}
        </span>
      </div>
      <div
        className="margin-risk-bar"
        role="meter"
        aria-label={t('margin.riskRatio')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(gauge.fill)}
      >
        <span className="margin-risk-fill" style={{ inlineSize: `${gauge.fill}%` }} />
        {gauge.callAt !== null ? (
          <span
            className="margin-risk-line line-call"
            style={{ insetInlineStart: `${gauge.callAt}%` }}
          />
        ) : null}
        {gauge.liquidationAt !== null ? (
          <span
            className="margin-risk-line line-liquidation"
            style={{ insetInlineStart: `${gauge.liquidationAt}%` }}
          />
        ) : null}
      </div>
      <div className="margin-risk-legend muted">
        <span>
          <i className="legend-call" />
          {t('margin.callLine')} <bdi dir="ltr">{formatMarginLevel(account.callLevel)}</bdi>
        </span>
        <span>
          <i className="legend-liquidation" />
          {t('margin.liquidationLine')}{' '}
          <bdi dir="ltr">{formatMarginLevel(account.liquidationLevel)}</bdi>
        </span>
      </div>
    </div>
  );
}
