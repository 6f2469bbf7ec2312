import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBetaEnvironment } from './beta';

/** A small "Beta" tag beside the logo, only in the beta environment. */
export function BetaBadge() {
  const { t } = useTranslation();
  const beta = useBetaEnvironment();
  if (!beta) return null;
  return (
    <Tooltip title={t('header.betaTitle')}>
      <Tag
        className="beta-badge"
        bordered={false}
        color="gold"
        data-testid="beta-badge"
        aria-label={t('header.betaTitle')}
      >
        {t('header.beta')}
      </Tag>
    </Tooltip>
  );
}
