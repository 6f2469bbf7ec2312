import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSettings, type Theme } from '../../platform/settings/settings-store';
import { applyDocumentTheme, switchThemeWithReveal } from '../../platform/theme/theme';
import { useIdle } from '../../ui/use-idle';

// antd's tooltip (and the popup engine under it) loads after the first paint or on a first hover.
const Tooltip = lazy(() => import('antd/es/tooltip'));

/** Applies a theme inside the reveal: React must commit synchronously for the snapshot. */
export function changeTheme(next: Theme, origin?: { x: number; y: number }): void {
  switchThemeWithReveal(() => {
    flushSync(() => useSettings.getState().setTheme(next));
    applyDocumentTheme(next);
  }, origin);
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const light = theme === 'light';
  const label = light ? t('header.themeToDark') : t('header.themeToLight');
  const idle = useIdle();
  const [hovered, setHovered] = useState(false);
  const button = (
    <button
      type="button"
      className="icon-button header-icon"
      data-testid="theme-switch"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onClick={(e) => changeTheme(light ? 'dark' : 'light', { x: e.clientX, y: e.clientY })}
    >
      {light ? <MoonOutlined /> : <SunOutlined />}
    </button>
  );
  if (!idle && !hovered) return button;
  return (
    <Suspense fallback={button}>
      <Tooltip title={label} mouseEnterDelay={0}>
        {button}
      </Tooltip>
    </Suspense>
  );
}
