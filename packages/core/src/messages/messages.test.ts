import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../locales';
import { en } from './en';
import { serverCatalogueNames, serverMessage } from './index';
import type { MessageName } from './names';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const names = Object.keys(en) as MessageName[];

describe('server messages', () => {
  it('have a catalogue for every catalogue of the locale table', () => {
    expect(serverCatalogueNames().sort()).toEqual([...CATALOGUES].sort());
  });

  const locales = {
    ja: 'ja',
    vi: 'vi',
    ru: 'ru',
    es: 'es',
    tr: 'tr',
    it: 'it',
    fr: 'fr',
    de: 'de',
    'zh-CN': 'zh-CN',
    'zh-TW': 'zh-TW',
    pt: 'pt',
    id: 'id',
    th: 'th',
    pl: 'pl',
    uk: 'uk',
    uz: 'uz',
    ar: 'ar',
  } as const;
  for (const [catalogue, locale] of Object.entries(locales)) {
    it(`${catalogue}: every message translated, placeholders kept`, () => {
      for (const name of names) {
        const text = serverMessage(name, locale);
        expect(text.length, `${catalogue} ${name}`).toBeGreaterThan(0);
        expect(text, `${catalogue} ${name} left in English`).not.toBe(en[name]);
        expect(placeholders(text), `${catalogue} ${name}`).toEqual(placeholders(en[name]));
      }
    });
  }

  it('fills parameters and picks the catalogue of the locale', () => {
    expect(serverMessage('FIELD_TOO_LONG', 'en', { field: 'pwd', limit: 32 })).toBe(
      'The field pwd is too long (at most 32 characters)',
    );
    expect(serverMessage('FIELD_MISSING', 'ja', { field: 'email' })).toBe('項目 email は必須です');
    expect(serverMessage('SUCCESS', 'zh-TC')).toBe(serverMessage('SUCCESS', 'zh-TW'));
    expect(serverMessage('SUCCESS', 'es-ES')).toBe(serverMessage('SUCCESS', 'es'));
    expect(serverMessage('LOGIN_FAILED', 'bg')).toBe(en.LOGIN_FAILED);
    expect(serverMessage('TOO_MANY_REQUESTS', 'de', {})).toContain('{seconds}');
  });
});
