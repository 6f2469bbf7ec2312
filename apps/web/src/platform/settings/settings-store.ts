/**
 * User settings (DESIGN.md section 8), one cookie per key, kept 365 days:
 * language, unit, show_asset, valuation_unit, theme, layout, login_flag.
 */
import {
  isCurrencyType,
  matchBrowserLanguage,
  normaliseLocale,
  type CurrencyType,
  type Locale,
} from '@quay/core';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { isTheme, type Theme } from './themes';
import { defaultCurrencyFor } from './valuation-currency';

export type { Theme } from './themes';

/**
 * What the wallet's total is headed in (the spec's valuation unit, default
 * 1): 1 the currency unit, with BTC beneath; 2 BTC, with the currency beneath.
 */
export const VALUATION_UNITS = { fiat: 1, btc: 2 } as const;
export type ValuationUnit = (typeof VALUATION_UNITS)[keyof typeof VALUATION_UNITS];
export type Layout = 'left' | 'right';

export interface Settings {
  language: Locale;
  unit: CurrencyType;
  showAsset: boolean;
  valuationUnit: ValuationUnit;
  theme: Theme;
  layout: Layout;
  loginFlag: boolean;
  terminalCode: string;
}

export const SETTINGS_COOKIE_DAYS = 365;
export const COOKIE_KEYS = {
  language: 'language',
  unit: 'unit',
  showAsset: 'show_asset',
  valuationUnit: 'valuation_unit',
  theme: 'theme',
  layout: 'layout',
  loginFlag: 'login_flag',
} as const satisfies Record<Exclude<keyof Settings, 'terminalCode'>, string>;

type CookieBackedKey = keyof typeof COOKIE_KEYS;

function writeCookie(key: CookieBackedKey, value: string): void {
  Cookies.set(COOKIE_KEYS[key], value, {
    expires: SETTINGS_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
  });
}

/** Settings as the cookies hold them, with the defaults of DESIGN.md section 8. */
export function readSettings(browserLanguage: string | undefined): Settings {
  const cookie = (key: CookieBackedKey) => Cookies.get(COOKIE_KEYS[key]);
  const language = normaliseLocale(cookie('language')) ?? matchBrowserLanguage(browserLanguage);
  const unit = cookie('unit');
  const theme = cookie('theme');
  const layout = cookie('layout');
  const valuation = Number(cookie('valuationUnit'));
  return {
    language,
    unit: unit && isCurrencyType(unit) ? unit : defaultCurrencyFor(language),
    showAsset: cookie('showAsset') !== 'false',
    valuationUnit: valuation === VALUATION_UNITS.btc ? VALUATION_UNITS.btc : VALUATION_UNITS.fiat,
    theme: isTheme(theme) ? theme : 'dark',
    layout: layout === 'left' || layout === 'right' ? layout : 'right',
    loginFlag: cookie('loginFlag') === 'true',
    terminalCode: '',
  };
}

interface SettingsActions {
  setLanguage(language: Locale): void;
  setUnit(unit: CurrencyType): void;
  setShowAsset(show: boolean): void;
  setValuationUnit(unit: ValuationUnit): void;
  setTheme(theme: Theme): void;
  setLayout(layout: Layout): void;
  setLoginFlag(loggedIn: boolean): void;
}

export const useSettings = create<Settings & SettingsActions>()((set) => ({
  ...readSettings(typeof navigator === 'undefined' ? undefined : navigator.language),
  setLanguage(language) {
    writeCookie('language', language);
    // Until the user picks a unit, it follows the language (DESIGN.md section 8).
    const unitChosen = Cookies.get(COOKIE_KEYS.unit) !== undefined;
    set(unitChosen ? { language } : { language, unit: defaultCurrencyFor(language) });
  },
  setUnit(unit) {
    writeCookie('unit', unit);
    set({ unit });
  },
  setShowAsset(showAsset) {
    writeCookie('showAsset', String(showAsset));
    set({ showAsset });
  },
  setValuationUnit(valuationUnit) {
    writeCookie('valuationUnit', String(valuationUnit));
    set({ valuationUnit });
  },
  setTheme(theme) {
    writeCookie('theme', theme);
    set({ theme });
  },
  setLayout(layout) {
    writeCookie('layout', layout);
    set({ layout });
  },
  setLoginFlag(loginFlag) {
    writeCookie('loginFlag', String(loginFlag));
    set({ loginFlag });
  },
}));

/** Reads outside React (the request layer). */
export function currentSettings(): Settings {
  return useSettings.getState();
}
