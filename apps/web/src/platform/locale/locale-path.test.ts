import { LOCALES } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { joinPath, readLocalePath, splitLocale } from './locale-path';

describe('the optional language segment', () => {
  it('recognises each of the 25 segments', () => {
    for (const locale of LOCALES) {
      expect(readLocalePath(`/${locale}/login`)).toEqual({ kind: 'ok', locale, rest: '/login' });
      expect(readLocalePath(`/${locale}`)).toEqual({ kind: 'ok', locale, rest: '/' });
    }
  });

  it('redirects zh-cn to zh-CN, keeping the rest of the path', () => {
    expect(readLocalePath('/zh-cn/register')).toEqual({ kind: 'redirect', to: '/zh-CN/register' });
    expect(readLocalePath('/ZH-TW')).toEqual({ kind: 'redirect', to: '/zh-TW' });
  });

  it('sends an unknown language to English', () => {
    expect(readLocalePath('/ko/login')).toEqual({ kind: 'redirect', to: '/en/login' });
    expect(readLocalePath('/xx-YY')).toEqual({ kind: 'redirect', to: '/en' });
    expect(readLocalePath('/pt-BR/register')).toEqual({ kind: 'redirect', to: '/en/register' });
    expect(readLocalePath('/abcde/login', ['login'])).toEqual({
      kind: 'redirect',
      to: '/en/login',
    });
  });

  it('leaves segments that are not shaped like a language to the 404 page', () => {
    expect(readLocalePath('/no-such-page-here')).toEqual({
      kind: 'ok',
      locale: null,
      rest: '/no-such-page-here',
    });
    expect(readLocalePath('/abcdef/x')).toEqual({ kind: 'ok', locale: null, rest: '/abcdef/x' });
    expect(readLocalePath('/12/x')).toEqual({ kind: 'ok', locale: null, rest: '/12/x' });
  });

  it('splits an accepted path into its language and the rest', () => {
    expect(splitLocale('/ja/login')).toEqual({ locale: 'ja', rest: '/login' });
    expect(splitLocale('/ar')).toEqual({ locale: 'ar', rest: '/' });
    expect(splitLocale('/login')).toEqual({ locale: null, rest: '/login' });
    expect(splitLocale('/')).toEqual({ locale: null, rest: '/' });
  });

  it('leaves paths without a language alone, including known page segments', () => {
    expect(readLocalePath('/')).toEqual({ kind: 'ok', locale: null, rest: '/' });
    expect(readLocalePath('/login', ['login'])).toEqual({
      kind: 'ok',
      locale: null,
      rest: '/login',
    });
    expect(readLocalePath('/markets/spot', ['markets'])).toEqual({
      kind: 'ok',
      locale: null,
      rest: '/markets/spot',
    });
  });

  it('joins a locale and a path', () => {
    expect(joinPath('ja', '/')).toBe('/ja');
    expect(joinPath('ja', '/login')).toBe('/ja/login');
    expect(joinPath(null, 'login')).toBe('/login');
  });
});
