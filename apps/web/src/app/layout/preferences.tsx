import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdle } from '../../ui/use-idle';

// antd's popover (and the popup engine under it) loads after the first paint or on a first click.
const Popover = lazy(() => import('antd/es/popover'));

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
  const idle = useIdle();
  const [open, setOpen] = useState(false);
  // A click before antd's popover is here opens it as soon as it is.
  const button = (early?: () => void) => (
    <button
      type="button"
      className="icon-button header-icon"
      data-testid="preferences"
      aria-label={t('header.preferences')}
      onClick={early}
    >
      <SettingOutlined />
    </button>
  );
  if (!idle && !open) return button(() => setOpen(true));
  return (
    <Suspense fallback={button(() => setOpen(true))}>
      <Popover
        content={<PreferencesPanel />}
        title={t('preferences.title')}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        destroyOnHidden
      >
        {button()}
      </Popover>
    </Suspense>
  );
}
