import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Catalogue } from '@quay/core';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { id } from './id';
import { serverCatalogueNames, serverMessage } from './index';
import { it as italian } from './it';
import { ja } from './ja';
import { ko } from './ko';
import type { MessageName } from './names';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { sv } from './sv';
import { th } from './th';
import { tr } from './tr';
import { uk } from './uk';
import { uz } from './uz';
import { vi } from './vi';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const names = (Object.keys(en) as MessageName[]).sort();

const translations: Record<Exclude<Catalogue, 'en'>, Record<MessageName, string>> = {
  ja,
  vi,
  ru,
  es,
  tr,
  it: italian,
  fr,
  de,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  pt,
  id,
  th,
  ko,
  pl,
  uk,
  uz,
  ar,
  nl,
  sv,
};

describe('server messages', () => {
  it('register every catalogue of the locale table', () => {
    expect([...serverCatalogueNames()].sort()).toEqual([...CATALOGUES].sort());
    expect(Object.keys(translations).sort()).toEqual(CATALOGUES.filter((c) => c !== 'en').sort());
  });

  for (const [catalogue, messages] of Object.entries(translations)) {
    describe(catalogue, () => {
      it('has exactly the keys of English', () => {
        expect(Object.keys(messages).sort()).toEqual(names);
      });

      it('translates every message and keeps its placeholders', () => {
        for (const name of names) {
          const text = messages[name];
          expect(typeof text, `${catalogue} ${name}`).toBe('string');
          expect(text.trim().length, `${catalogue} ${name}`).toBeGreaterThan(0);
          expect(text, `${catalogue} ${name} left in English`).not.toBe(en[name]);
          expect(placeholders(text), `${catalogue} ${name}`).toEqual(placeholders(en[name]));
        }
      });

      it('is the catalogue serverMessage reads for its locale', () => {
        for (const name of names)
          expect(serverMessage(name, catalogue as Catalogue)).toBe(messages[name]);
      });
    });
  }

  it('fills parameters and picks the catalogue of the locale', () => {
    expect(serverMessage('FIELD_TOO_LONG', 'en', { field: 'pwd', limit: 32 })).toBe(
      'The field pwd is too long (at most 32 characters)',
    );
    expect(serverMessage('FIELD_MISSING', 'ja', { field: 'email' })).toBe('項目 email は必須です');
    expect(serverMessage('TOO_MANY_REQUESTS', 'ja', { seconds: 30 })).toBe(
      ja.TOO_MANY_REQUESTS.replace('{seconds}', '30'),
    );
    expect(serverMessage('SMS_VERIFY_BODY', 'de', { code: '123456', minutes: 10 })).toBe(
      '[Quay] Ihr Bestätigungscode lautet 123456, gültig für 10 Minuten.',
    );
    expect(serverMessage('SUCCESS', 'zh-TC')).toBe(zhTW.SUCCESS);
    expect(serverMessage('SUCCESS', 'zh-TW')).toBe(zhTW.SUCCESS);
    expect(serverMessage('SUCCESS', 'es-ES')).toBe(es.SUCCESS);
    expect(serverMessage('SUCCESS', 'pt-PT')).toBe(pt.SUCCESS);
    expect(serverMessage('LOGIN_FAILED', 'bg')).toBe(en.LOGIN_FAILED);
    expect(serverMessage('LOGIN_FAILED', 'en-GB')).toBe(en.LOGIN_FAILED);
    expect(serverMessage('TOO_MANY_REQUESTS', 'de', {})).toContain('{seconds}');
  });
});
