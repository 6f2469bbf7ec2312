import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSettings, useSettings } from './settings-store';

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

describe('settings', () => {
  beforeEach(clearCookies);

  it('defaults as DESIGN.md section 8 reads the spec', () => {
    expect(readSettings('en-US')).toEqual({
      language: 'en',
      unit: 'USD',
      showAsset: true,
      valuationUnit: 1,
      theme: 'dark',
      layout: 'right',
      loginFlag: false,
      terminalCode: '',
    });
  });

  it('takes the browser language and its currency when there is no cookie', () => {
    expect(readSettings('ja-JP')).toMatchObject({ language: 'ja', unit: 'JPY' });
    expect(readSettings('de-DE')).toMatchObject({ language: 'de', unit: 'EUR' });
    expect(readSettings('ko-KR')).toMatchObject({ language: 'ko', unit: 'KRW' });
    expect(readSettings('en-IN')).toMatchObject({ language: 'en-IN', unit: 'USD' });
    expect(readSettings('fi-FI')).toMatchObject({ language: 'en', unit: 'USD' });
  });

  it('writes each setting to its own cookie and reads it back', () => {
    const s = useSettings.getState();
    s.setLanguage('ar');
    s.setTheme('light');
    s.setLayout('left');
    s.setUnit('EUR');
    s.setShowAsset(false);
    s.setValuationUnit(2);
    s.setLoginFlag(true);
    expect(Cookies.get()).toMatchObject({
      language: 'ar',
      theme: 'light',
      layout: 'left',
      unit: 'EUR',
      show_asset: 'false',
      valuation_unit: '2',
      login_flag: 'true',
    });
    expect(readSettings('en-US')).toMatchObject({
      language: 'ar',
      theme: 'light',
      layout: 'left',
      unit: 'EUR',
      showAsset: false,
      valuationUnit: 2,
      loginFlag: true,
    });
  });

  it('reads a valuation unit it does not know as the default, 1', () => {
    for (const value of ['0', '3', '1.5', 'btc']) {
      Cookies.set('valuation_unit', value);
      expect(readSettings('en-US').valuationUnit, value).toBe(1);
    }
  });

  it('lets the unit follow the language until the user picks one', () => {
    useSettings.setState({ unit: 'USD' });
    const s = useSettings.getState();
    s.setLanguage('ja');
    expect(useSettings.getState().unit).toBe('JPY');
    expect(Cookies.get('unit')).toBeUndefined();
    s.setLanguage('de');
    expect(useSettings.getState().unit).toBe('EUR');
    s.setUnit('TRY');
    s.setLanguage('zh-CN');
    expect(useSettings.getState()).toMatchObject({ language: 'zh-CN', unit: 'TRY' });
  });

  it('ignores cookie values it does not know', () => {
    Cookies.set('theme', 'purple');
    Cookies.set('language', 'zh-cn');
    Cookies.set('unit', 'GBP');
    expect(readSettings('en-US')).toMatchObject({ theme: 'dark', language: 'zh-CN', unit: 'CNY' });
  });
});
