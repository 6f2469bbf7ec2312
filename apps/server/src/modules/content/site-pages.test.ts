import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, LANGUAGES, languageOf, type HelpArticle, type LegalDocument } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../kernel/messages';
import { call, startApp, type TestApp } from '../../test/harness';
import { DEFAULT_PRIVACY } from './legal-privacy';
import { DEFAULT_TERMS } from './legal-terms';

describe("the operator's pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(async () => t?.close());

  const legal = (doc: string, locale: string) =>
    call<LegalDocument>(t.app, 'GET', `/v1/public/legal/${doc}`, undefined, { locale });

  it('answers the default terms and privacy notice in every language', async () => {
    for (const { locale, catalogue } of LANGUAGES) {
      for (const [doc, texts] of [
        ['terms', DEFAULT_TERMS],
        ['privacy', DEFAULT_PRIVACY],
      ] as const) {
        const answer = await legal(doc, locale);
        expect(answer.http, `${doc} ${locale}`).toBe(200);
        expect(answer.data.title, `${doc} ${locale}`).toBe(texts[catalogue].title);
        expect(answer.data.bodyHtml).toContain(
          `<h2>${texts[catalogue].sections[0]?.[0] ?? ''}</h2>`,
        );
        expect(answer.data.updatedAt).toBeNull();
      }
    }
    // Each catalogue has a text of its own, not English under another name.
    const titles = new Set(Object.values(DEFAULT_TERMS).map((text) => text.title));
    expect(titles.size).toBe(Object.keys(DEFAULT_TERMS).length);
    expect((await legal('terms', 'ar')).data.title).toBe('شروط الاستخدام');
    expect(languageOf('bg').catalogue).toBe('en');
  });

  it("shows the operator's own text once there is one, and never a default that differs from it", async () => {
    const dir = join(t.dataDir, 'content', 'legal');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'terms.en.html'),
      '<h1>Terms of <em>Example</em> Exchange</h1>\n<p>Example Ltd runs this exchange.</p>',
    );
    const en = await legal('terms', 'en');
    expect(en.data).toMatchObject({
      doc: 'terms',
      title: 'Terms of Example Exchange',
      bodyHtml: '<p>Example Ltd runs this exchange.</p>',
    });
    expect(en.data.updatedAt).toEqual(expect.any(Number));
    // No German file yet: the operator's English, not the software's German default.
    expect((await legal('terms', 'de')).data.title).toBe('Terms of Example Exchange');
    writeFileSync(
      join(dir, 'terms.de.html'),
      '<h1>Nutzungsbedingungen der Example</h1><p>Text</p>',
    );
    expect((await legal('terms', 'de')).data.title).toBe('Nutzungsbedingungen der Example');
    // The privacy notice is still the default.
    expect((await legal('privacy', 'de')).data.title).toBe('Datenschutzhinweis');
  });

  it('refuses a document it does not have', async () => {
    for (const doc of ['cookies', '..%2Fterms', 'terms.en']) {
      expect((await legal(doc, 'en')).http, doc).toBe(400);
    }
  });

  it('lists the help articles in order, with those the operator adds or rewrites', async () => {
    const defaults = await call<HelpArticle[]>(t.app, 'GET', '/v1/public/help');
    expect(defaults.data.map((a) => a.slug)).toEqual([
      'deposits',
      'withdrawals',
      'spot-orders',
      'futures-basics',
      'demo-mode',
      'security-2fa',
    ]);
    for (const a of defaults.data) {
      expect(a.title.length, a.slug).toBeGreaterThan(5);
      expect(a.bodyHtml, a.slug).toMatch(/^<p>/);
    }
    const dir = join(t.dataDir, 'content', 'help');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'deposits.fr.html'), '<h1>Déposer des cryptos</h1><p>Étapes</p>');
    writeFileSync(join(dir, 'api-keys.en.html'), '<h1>API keys</h1><p>How to make one</p>');
    writeFileSync(join(dir, 'notes.txt'), 'not an article');
    const fr = await call<HelpArticle[]>(t.app, 'GET', '/v1/public/help?languageType=10');
    expect(fr.data.map((a) => a.slug)).toEqual([...defaults.data.map((a) => a.slug), 'api-keys']);
    expect(fr.data[0]?.title).toBe('Déposer des cryptos');
    expect(fr.data.at(-1)?.title).toBe('API keys');
    const en = await call<HelpArticle>(t.app, 'GET', '/v1/public/help/deposits');
    expect(en.data.title).toBe('How to deposit crypto');
  });

  it('answers an unknown article in the caller language, and refuses a malformed name', async () => {
    const unknown = await call(t.app, 'GET', '/v1/public/help/no-such-article?languageType=11');
    expect(unknown.code).toBe(ERRORS.HELP_ARTICLE_NOT_FOUND.code);
    expect(unknown.msg).toBe(serverMessage('HELP_ARTICLE_NOT_FOUND', 'de'));
    for (const slug of ['..%2F..%2Fsecret', 'Deposits', 'a.b']) {
      expect((await call(t.app, 'GET', `/v1/public/help/${slug}`)).http, slug).toBe(400);
    }
  });
});
