import { LOCALES } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { joinPath, readLocalePath, splitLocale } from './locale-path';

describe('the optional language segment', () => {
  it('recognises each language segment', () => {
    for (const locale of LOCALES) {
      expect(readLocalePath(`/${locale}/login`)).toEqual({ kind: 'ok', locale, rest: '/login' });
      expect(readLocalePath(`/${locale}`)).toEqual({ kind: 'ok', locale, rest: '/' });
    }
  });

  it('redirects zh-cn to zh-CN, keeping the rest of the path', () => {
    expect(readLocalePath('/zh-cn/register')).toEqual({ kind: 'redirect', to: '/zh-CN/register' });
    expect(readLocalePath('/ZH-TW')).toEqual({ kind: 'redirect', to: '/zh-TW' });
  });

  it('redirects the aliases of a language to it, and reads Korean as a language of its own', () => {
    expect(readLocalePath('/pt-BR/register')).toEqual({ kind: 'redirect', to: '/pt/register' });
    expect(readLocalePath('/zh-HK')).toEqual({ kind: 'redirect', to: '/zh-TC' });
    expect(readLocalePath('/en-US/login')).toEqual({ kind: 'redirect', to: '/en/login' });
    expect(readLocalePath('/ko/login')).toEqual({ kind: 'ok', locale: 'ko', rest: '/login' });
    expect(readLocalePath('/en-in/login')).toEqual({ kind: 'redirect', to: '/en-IN/login' });
  });

  it('leaves every other first segment to the pages or the 404 page, whatever its shape', () => {
    for (const path of [
      '/earn',
      '/swap',
      '/fee',
      '/vip/detail',
      '/xx-YY',
      '/abcde/login',
      '/no-such-page-here',
      '/12/x',
    ]) {
      expect(readLocalePath(path), path).toEqual({ kind: 'ok', locale: null, rest: path });
    }
  });

  it('splits an accepted path into its language and the rest', () => {
    expect(splitLocale('/ja/login')).toEqual({ locale: 'ja', rest: '/login' });
    expect(splitLocale('/ar')).toEqual({ locale: 'ar', rest: '/' });
    expect(splitLocale('/login')).toEqual({ locale: null, rest: '/login' });
    expect(splitLocale('/')).toEqual({ locale: null, rest: '/' });
  });

  it('leaves paths without a language alone, including known page segments', () => {
    expect(readLocalePath('/')).toEqual({ kind: 'ok', locale: null, rest: '/' });
    expect(readLocalePath('/login')).toEqual({
      kind: 'ok',
      locale: null,
      rest: '/login',
    });
    expect(readLocalePath('/markets/spot')).toEqual({
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
