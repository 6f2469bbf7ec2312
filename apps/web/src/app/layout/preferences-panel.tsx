import { Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings, type Layout, type Theme } from '../../platform/settings/settings-store';
import { THEMES } from '../../platform/settings/themes';
import { changeTheme } from './theme-toggle';

const THEME_LABELS = {
  dark: 'preferences.themeDark',
  black: 'preferences.themeBlack',
  light: 'preferences.themeLight',
} as const satisfies Record<Theme, string>;

/** Theme, trading layout and balance visibility: in a popover on wide screens, in the drawer on narrow ones. */
export function PreferencesPanel() {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const layout = useSettings((s) => s.layout);
  const showAsset = useSettings((s) => s.showAsset);
  const setLayout = useSettings((s) => s.setLayout);
  const setShowAsset = useSettings((s) => s.setShowAsset);

  return (
    <div className="preferences">
      <div className="pref-row">
        <span className="pref-label">{t('preferences.theme')}</span>
        <Radio.Group
          value={theme}
          optionType="button"
          size="small"
          onChange={(e) => changeTheme(e.target.value as Theme)}
        >
          {THEMES.map((value) => (
            <Radio.Button key={value} value={value} data-testid={`pref-theme-${value}`}>
              {t(THEME_LABELS[value])}
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      <div className="pref-row">
        <span className="pref-label">{t('preferences.layout')}</span>
        <Radio.Group
          value={layout}
          optionType="button"
          size="small"
          onChange={(e) => setLayout(e.target.value as Layout)}
        >
          <Radio.Button value="left" data-testid="pref-layout-left">
            {t('preferences.layoutLeft')}
          </Radio.Button>
          <Radio.Button value="right" data-testid="pref-layout-right">
            {t('preferences.layoutRight')}
          </Radio.Button>
        </Radio.Group>
      </div>
      <div className="pref-row">
        <span className="pref-label">{t('preferences.showAsset')}</span>
        <Switch
          data-testid="pref-show-asset"
          aria-label={t('preferences.showAsset')}
          checked={showAsset}
          onChange={setShowAsset}
          size="small"
        />
      </div>
    </div>
  );
}
