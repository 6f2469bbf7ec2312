import { CopyOutlined, CrownFilled } from '@ant-design/icons';
import type { UserInfo } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Copies a text and says so. */
export function useCopy(): (text: string) => void {
  const { t } = useTranslation();
  const { message } = useApp();
  return (text: string) =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => message.success(t('account.copied')))
      .catch(() => undefined);
}

/** `UID: 1234567890` with a copy button. */
export function UidLine({ userId, testId }: { userId: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <>
      <span data-testid={testId}>
        {t('account.uid')}: {userId}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('account.copy')}
        onClick={() => copy(userId)}
      >
        <CopyOutlined />
      </button>
    </>
  );
}

/** The VIP level, or "Regular user". */
export function VipBadge({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <span className={user.vipLevel > 0 ? 'vip-badge vip' : 'vip-badge'}>
      <CrownFilled />
      {user.vipLevel > 0
        ? t('account.vipLevel', { level: user.vipLevel })
        : t('account.regularUser')}
    </span>
  );
}
