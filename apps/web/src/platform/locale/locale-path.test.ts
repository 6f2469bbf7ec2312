import { LOCALES } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { joinPath, readLocalePath } from './locale-path';

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
