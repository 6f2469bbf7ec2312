import { SettingOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Its radio groups and switch load when the panel is first shown (popover or drawer).
const Panel = lazy(() =>
  import('./preferences-panel').then((m) => ({ default: m.PreferencesPanel })),
);

/** Theme, trading layout and balance visibility: in a popover on wide screens, in the drawer on narrow ones. */
export function PreferencesPanel() {
  return (
    <Suspense fallback={<div className="preferences" />}>
      <Panel />
    </Suspense>
  );
}

export function Preferences() {
  const { t } = useTranslation();
  return (
    <Popover
      content={<PreferencesPanel />}
      title={t('preferences.title')}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
    >
      <button
        type="button"
        className="icon-button header-icon"
        data-testid="preferences"
        aria-label={t('header.preferences')}
      >
        <SettingOutlined />
      </button>
    </Popover>
  );
}
