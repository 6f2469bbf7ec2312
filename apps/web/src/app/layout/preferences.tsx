import { SettingOutlined } from '@ant-design/icons';
import { Popover, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings, type Layout, type Theme } from '../../platform/settings/settings-store';
import { changeTheme } from './theme-toggle';

export function Preferences() {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const layout = useSettings((s) => s.layout);
  const showAsset = useSettings((s) => s.showAsset);
  const setLayout = useSettings((s) => s.setLayout);
  const setShowAsset = useSettings((s) => s.setShowAsset);

  const content = (
    <div className="preferences">
      <div className="pref-row">
        <span>{t('preferences.theme')}</span>
        <Radio.Group
          value={theme}
          optionType="button"
          size="small"
          onChange={(e) => changeTheme(e.target.value as Theme)}
        >
          {(['dark', 'black', 'light'] as const).map((v) => (
            <Radio.Button key={v} value={v} data-testid={`pref-theme-${v}`}>
              {t(`preferences.theme${v[0]?.toUpperCase() ?? ''}${v.slice(1)}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      <div className="pref-row">
        <span>{t('preferences.layout')}</span>
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
        <span>{t('preferences.showAsset')}</span>
        <Switch
          data-testid="pref-show-asset"
          checked={showAsset}
          onChange={setShowAsset}
          size="small"
        />
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      title={t('preferences.title')}
      trigger="click"
      placement="bottomRight"
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
