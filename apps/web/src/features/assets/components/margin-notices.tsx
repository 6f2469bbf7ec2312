import { useTranslation } from 'react-i18next';
import { useMarginNotices } from '../../../entities/margin/margin-accounts';
import { DateTime } from '../../../ui/date-time';
import { formatMarginLevel } from '../../../ui/margin/margin-risk';

/**
 * The account's margin calls and liquidations, newest first, once there are
 * any: which account, and its margin level against the lines at the time.
 */
export function MarginNotices({ pairOf }: { pairOf: (symbol: string) => string }) {
  const { t } = useTranslation();
  const notices = useMarginNotices().data ?? [];
  if (notices.length === 0) return null;
  return (
    <section className="wallet-card margin-notices" data-testid="margin-notices">
      <h2 className="wallet-card-title">{t('marginAssets.notices')}</h2>
      <ul>
        {notices.slice(0, 10).map((n) => (
          <li key={n.id} className={`notice-${n.kind}`} data-testid={`margin-notice-${n.kind}`}>
            <strong>{t(`margin.tone.${n.kind}`)}</strong>
            <span>
              {n.mode === 'cross'
                ? t('margin.modes.cross')
                : `${pairOf(n.symbol ?? '')} ${t('margin.modes.isolated')}`}
            </span>
            <span className="wallet-muted">
              {t('marginAssets.noticeLevel', {
                level: `\u2066${formatMarginLevel(n.marginLevel)}\u2069`,
                line: `\u2066${formatMarginLevel(n.kind === 'call' ? n.callLevel : n.liquidationLevel)}\u2069`,
              })}
            </span>
            <DateTime value={n.time} className="wallet-muted" />
          </li>
        ))}
      </ul>
    </section>
  );
}
