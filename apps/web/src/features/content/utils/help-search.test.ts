import type { HelpArticle } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { excerptOf, plainTextOf, searchHelp } from './help-search';

const article = (slug: string, title: string, bodyHtml: string): HelpArticle => ({
  slug,
  title,
  bodyHtml,
  updatedAt: null,
});

const ARTICLES = [
  article('deposits', 'How to deposit crypto', '<p>Copy the <strong>deposit address</strong>.</p>'),
  article('security-2fa', 'Two-factor authentication', '<p>Never share a code.</p>'),
  article(
    'withdrawals',
    'How to withdraw',
    '<p>Confirm with your 2FA code &amp; check the address.</p>',
  ),
];

describe('the help centre search', () => {
  it('keeps every article for an empty query, in order', () => {
    expect(searchHelp(ARTICLES, '  ').map((a) => a.slug)).toEqual([
      'deposits',
      'security-2fa',
      'withdrawals',
    ]);
  });

  it('finds words in titles and texts, ignoring case and markup, titles first', () => {
    expect(searchHelp(ARTICLES, 'ADDRESS').map((a) => a.slug)).toEqual(['deposits', 'withdrawals']);
    expect(searchHelp(ARTICLES, 'code').map((a) => a.slug)).toEqual([
      'security-2fa',
      'withdrawals',
    ]);
    expect(searchHelp(ARTICLES, 'two-factor').map((a) => a.slug)).toEqual(['security-2fa']);
    expect(searchHelp(ARTICLES, 'withdraw 2fa').map((a) => a.slug)).toEqual(['withdrawals']);
    expect(searchHelp(ARTICLES, 'strong')).toEqual([]);
    expect(searchHelp(ARTICLES, 'futures')).toEqual([]);
  });

  it('reads text without markup and cuts excerpts at a word', () => {
    expect(plainTextOf('<p>A &amp; B</p>\n<ul><li>C</li><li>D</li></ul>')).toBe('A & B C D');
    expect(plainTextOf('<p>Open <a href="/x">Assets</a>. Then <strong>Deposit</strong>.</p>')).toBe(
      'Open Assets. Then Deposit.',
    );
    expect(excerptOf('<p>one two three four</p>', 12)).toBe('one two…');
    expect(excerptOf('<p>short</p>')).toBe('short');
  });
});
