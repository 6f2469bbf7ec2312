import { SwapOutlined } from '@ant-design/icons';
import type { MarginModeName } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../platform/settings/settings-store';
import type { LoanAction } from './loan-dialog';

/**
 * The margin account the screen trades on (cross or the market's isolated
 * one), its leverage, and the borrow, repay and transfer buttons.
 */
export function MarginBar({
  mode,
  isolatedAllowed,
  leverage,
  onMode,
  onLoan,
  onTransfer,
}: {
  mode: MarginModeName;
  isolatedAllowed: boolean;
  leverage: number | null;
  onMode: (mode: MarginModeName) => void;
  onLoan: (action: LoanAction) => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  const loggedIn = useSettings((s) => s.loginFlag);
  return (
    <div className="margin-bar" data-testid="margin-bar">
      <div className="margin-modes" role="radiogroup" aria-label={t('margin.mode')}>
        {(['cross', 'isolated'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            disabled={m === 'isolated' && !isolatedAllowed}
            className={`chip ${mode === m ? 'active' : ''}`}
            onClick={() => onMode(m)}
            data-testid={`margin-mode-${m}`}
          >
            {t(`margin.modes.${m}`)}
          </button>
        ))}
        {leverage ? (
          <span className="margin-leverage" data-testid="margin-leverage">
            <bdi dir="ltr">{leverage}x</bdi>
          </span>
        ) : null}
      </div>
      {loggedIn ? (
        <div className="margin-actions">
          {(['borrow', 'repay'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className="chip"
              onClick={() => onLoan(action)}
              data-testid={`margin-${action}`}
            >
              {t(`margin.${action}`)}
            </button>
          ))}
          <button type="button" className="chip" onClick={onTransfer} data-testid="margin-transfer">
            <SwapOutlined /> {t('margin.transfer')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
