import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  LOCALES,
  languageOf,
  localeOfLanguageType,
  matchAcceptLanguage,
  matchBrowserLanguage,
  normaliseLocale,
  resolveLocale,
} from './locales';

describe('locales', () => {
  it('recognises the 25 path segments of spec section 2 and the enum languages Korean, Dutch, Swedish and en-IN, en-ZA, en-NG, en-MY, each with one language entry', () => {
    expect(LOCALES).toHaveLength(32);
    expect(new Set(LANGUAGES.map((l) => l.locale))).toEqual(new Set(LOCALES));
  });

  it('normalises zh-cn to zh-CN and falls back to en for unknown values', () => {
    expect(normaliseLocale('zh-cn')).toBe('zh-CN');
    expect(normaliseLocale('ZH-TW')).toBe('zh-TW');
    expect(normaliseLocale('xx')).toBeNull();
    expect(resolveLocale('xx')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('ja')).toBe('ja');
  });

  it('carries the spec languageType numbers', () => {
    const types = Object.fromEntries(LANGUAGES.map((l) => [l.locale, l.languageType]));
    expect(types).toMatchObject({
      en: 0,
      'zh-CN': 1,
      ja: 2,
      'en-GB': 3,
      vi: 4,
      'zh-TW': 5,
      ru: 6,
      'es-ES': 7,
      tr: 8,
      it: 9,
      fr: 10,
      de: 11,
      pt: 12,
      id: 13,
      th: 14,
      ko: 15,
      nl: 16,
      ph: 17,
      'en-IN': 18,
      'en-ZA': 19,
      'en-NG': 0,
      'en-MY': 0,
      pl: 20,
      uk: 21,
      sv: 22,
      es: 23,
      'pt-PT': 24,
      uz: 25,
      ar: 39,
    });
    expect(localeOfLanguageType(2)).toBe('ja');
    expect(localeOfLanguageType(39)).toBe('ar');
    expect(localeOfLanguageType(15)).toBe('ko');
    expect(localeOfLanguageType(18)).toBe('en-IN');
    expect(localeOfLanguageType(19)).toBe('en-ZA');
    expect(localeOfLanguageType(0)).toBe('en');
    expect(localeOfLanguageType(16)).toBe('nl');
    expect(localeOfLanguageType(22)).toBe('sv');
    expect(localeOfLanguageType(999)).toBeNull();
  });

  it('lets bg and the English variants read the English catalogue', () => {
    for (const l of ['bg', 'en-GB', 'asia', 'ph', 'en-IN', 'en-ZA', 'en-NG', 'en-MY'] as const)
      expect(languageOf(l).catalogue).toBe('en');
    expect(languageOf('ko')).toMatchObject({ catalogue: 'ko', languageName: '한국어', dir: 'ltr' });
    // Each English variant formats by its own tag.
    expect(languageOf('en-IN').languageKey).toBe('en-IN');
    expect(languageOf('en-ZA').languageKey).toBe('en-ZA');
    expect(languageOf('zh-TC').catalogue).toBe('zh-TW');
    expect(languageOf('es-ES').catalogue).toBe('es');
    expect(languageOf('nl').catalogue).toBe('nl');
    expect(languageOf('sv').dir).toBe('ltr');
  });

  it('matches browser languages by pattern, English by default', () => {
    expect(matchBrowserLanguage('ja-JP')).toBe('ja');
    expect(matchBrowserLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(matchBrowserLanguage('zh-HK')).toBe('zh-TC');
    expect(matchBrowserLanguage('zh')).toBe('zh-CN');
    expect(matchBrowserLanguage('pt-BR')).toBe('pt');
    expect(matchBrowserLanguage('pt-PT')).toBe('pt-PT');
    expect(matchBrowserLanguage('es-MX')).toBe('es');
    expect(matchBrowserLanguage('es-ES')).toBe('es-ES');
    expect(matchBrowserLanguage('en-GB')).toBe('en-GB');
    expect(matchBrowserLanguage('ar-EG')).toBe('ar');
    expect(matchBrowserLanguage('de-AT')).toBe('de');
    expect(matchBrowserLanguage('ko-KR')).toBe('ko');
    expect(matchBrowserLanguage('ko')).toBe('ko');
    expect(matchBrowserLanguage('en-IN')).toBe('en-IN');
    expect(matchBrowserLanguage('en_ZA')).toBe('en-ZA');
    expect(matchBrowserLanguage('en-NG')).toBe('en-NG');
    expect(matchBrowserLanguage('en-MY')).toBe('en-MY');
    expect(matchBrowserLanguage('en-SG')).toBe('asia');
    expect(matchBrowserLanguage('en-US')).toBe('en');
    expect(matchBrowserLanguage('fi-FI')).toBe('en');
    expect(matchBrowserLanguage('nl-BE')).toBe('nl');
    expect(matchBrowserLanguage('sv-FI')).toBe('sv');
    expect(matchBrowserLanguage('')).toBe('en');
  });

  it('reads Accept-Language by q-value order', () => {
    expect(matchAcceptLanguage('fi;q=0.9, fr-CH;q=0.8, en;q=0.5')).toBe('fr');
    expect(matchAcceptLanguage('ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko');
    expect(matchAcceptLanguage('en-US,en;q=0.9,ja;q=0.8')).toBe('en');
    expect(matchAcceptLanguage('ja;q=0.4, de;q=0.9')).toBe('de');
    expect(matchAcceptLanguage(undefined)).toBe('en');
  });
});
