import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBetaEnvironment } from './beta';

/** A small "Beta" tag beside the logo, only in the beta environment. */
export function BetaBadge() {
  const { t } = useTranslation();
  const beta = useBetaEnvironment();
  if (!beta) return null;
  return (
    <Tooltip title={t('header.betaTitle')}>
      {/* A plain span in the brand colours: antd's Tag would bring its styles into every first load. */}
      <span className="beta-badge" data-testid="beta-badge" aria-label={t('header.betaTitle')}>
        {t('header.beta')}
      </span>
    </Tooltip>
  );
}
