import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppPath, matchAppRoute } from './app-routes';
import { LANGUAGES, LOCALES, localeOfPathSegment } from './locales';

describe('the route list the web app and the server share', () => {
  it('matches pages with their parameters, and a trailing slash as the same page', () => {
    expect(matchAppRoute('/')).toBe('');
    expect(matchAppRoute('/login')).toBe('login');
    expect(matchAppRoute('/login/')).toBe('login');
    expect(matchAppRoute('/spot/BTCUSDT')).toBe('spot/:symbol');
    expect(matchAppRoute('/futures/usdt/ETHUSDT')).toBe('futures/usdt/:symbol');
    expect(matchAppRoute('/help/deposits')).toBe('help/:slug');
    expect(matchAppRoute('/terms')).toBe('terms');
    expect(matchAppRoute('/earn/usdt-flexible')).toBe('earn/:product');
    expect(matchAppRoute('/proof-of-reserves')).toBe('proof-of-reserves');
    expect(matchAppRoute('/swap/withdraw')).toBe('swap/withdraw');
  });

  it('matches nothing else: unknown pages, extra segments, empty segments', () => {
    for (const path of [
      '/earn/usdt-flexible/x',
      '/copy-trading/x',
      '/p2p/unknown',
      '/vip/other',
      '/spot/BTCUSDT/x',
      '//login',
      '/login//',
      '/login/x',
    ]) {
      expect(matchAppRoute(path), path).toBeNull();
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('accepts every page under every language segment, and under the spellings the app redirects', () => {
    for (const locale of LOCALES) {
      expect(isAppPath(`/${locale}`), locale).toBe(true);
      expect(isAppPath(`/${locale}/register`), locale).toBe(true);
    }
    expect(isAppPath('/zh-cn/login')).toBe(true);
    expect(isAppPath('/pt-BR/register')).toBe(true);
    expect(isAppPath('/xx/login')).toBe(false);
    expect(isAppPath('/en/vip/detail')).toBe(true);
    expect(isAppPath('/en/vip/other')).toBe(false);
    expect(isAppPath('/en/en/login')).toBe(false);
  });

  it('never names a page with a language segment or one of its aliases', () => {
    for (const route of APP_ROUTES) {
      const first = route.split('/')[0] ?? '';
      expect(first === '' || localeOfPathSegment(first) === null, route).toBe(true);
    }
  });
});

describe('language segments and their aliases', () => {
  it('reads each language in any case, its own tag, and the enum languages without a page language', () => {
    for (const l of LANGUAGES) {
      expect(localeOfPathSegment(l.locale)).toBe(l.locale);
      expect(localeOfPathSegment(l.locale.toUpperCase())).toBe(l.locale);
      expect(localeOfPathSegment(l.languageKey)).toBe(l.locale);
    }
    expect(localeOfPathSegment('pt-BR')).toBe('pt');
    expect(localeOfPathSegment('zh-HK')).toBe('zh-TC');
    expect(localeOfPathSegment('en-us')).toBe('en');
    expect(localeOfPathSegment('KO')).toBe('ko');
    expect(localeOfPathSegment('en-in')).toBe('en-IN');
  });

  it('reads no language in words that only look like one', () => {
    for (const word of ['earn', 'swap', 'fee', 'vip', 'about', 'help', 'xx-YY', 'abcde', '']) {
      expect(localeOfPathSegment(word), word).toBeNull();
    }
  });
});
