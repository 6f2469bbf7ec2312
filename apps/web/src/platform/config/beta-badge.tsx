import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBetaEnvironment } from './beta';

// antd's tooltip (and the popup engine under it) is not part of the first load.
const Tooltip = lazy(() => import('antd/es/tooltip'));

/** A small "Beta" tag beside the logo, only in the beta environment. */
export function BetaBadge() {
  const { t } = useTranslation();
  const beta = useBetaEnvironment();
  if (!beta) return null;
  // A plain span in the brand colours: antd's Tag would bring its styles into every first load.
  const badge = (
    <span className="beta-badge" data-testid="beta-badge" aria-label={t('header.betaTitle')}>
      {t('header.beta')}
    </span>
  );
  return (
    <Suspense fallback={badge}>
      <Tooltip title={t('header.betaTitle')}>{badge}</Tooltip>
    </Suspense>
  );
}
