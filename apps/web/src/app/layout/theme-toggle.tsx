import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSettings, type Theme } from '../../platform/settings/settings-store';
import { applyDocumentTheme, switchThemeWithReveal } from '../../platform/theme/theme';

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
  return (
    <Tooltip title={label} mouseEnterDelay={0}>
      <button
        type="button"
        className="icon-button header-icon"
        data-testid="theme-switch"
        aria-label={label}
        onClick={(e) => changeTheme(light ? 'dark' : 'light', { x: e.clientX, y: e.clientY })}
      >
        {light ? <MoonOutlined /> : <SunOutlined />}
      </button>
    </Tooltip>
  );
}
