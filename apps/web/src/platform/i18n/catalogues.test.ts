import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES } from '@quay/core';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, 'locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const read = (file: string) => flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);

/**
 * Symbols, codes and names that read the same in every language: coins,
 * order codes, figures' abbreviations and product names.
 */
const SYMBOLS = [
  'USDT',
  'BTC',
  'API',
  'ROE',
  'PnL',
  'TP/SL',
  'TP',
  'SL',
  'UID',
  'ID',
  'USDT-M',
  'VIP',
  'GTC',
  'IOC',
  'FOK',
  'Perp',
  'Google Authenticator',
  'P2P',
  'Telegram',
  // Names of platforms and a file type, the same in every language.
  'Android',
  'APK',
  'iPhone',
  'iPad',
];

/**
 * True loanwords: the word a language itself uses for the thing, spelled as
 * in English. Anything else equal to English is a string left untranslated.
 */
const LOANWORDS: Partial<Record<string, readonly string[]>> = {
  // German trading speech borrows its order words whole.
  de: [
    'Spot',
    'Futures',
    'Order',
    'Orders',
    'Take-Profit',
    'Stop-Loss',
    'Trailing-Stop',
    'Trigger',
    'Funding-Rate',
    'Copy-Trading',
    'Trade',
    'Margin',
    'Plan',
    'Code',
    'Name',
    'Passphrase',
    'Wallet',
  ],
  fr: ['Menu', 'Volume'],
  id: ['Spot', 'Perpetual', 'Menu', 'Volume'],
  it: ['Spot', 'Menu', 'Password', 'Volume', 'Wallet'],
  pl: ['Spot', 'Menu'],
  pt: ['Menu', 'Volume'],
  tr: ['Spot'],
  uz: ['Spot'],
  // Dutch and Swedish exchanges keep these order and account words as they are.
  nl: [
    'Spot',
    'Wallet',
    'Futures',
    'Order',
    'Orders',
    'Open',
    'Maker',
    'Taker',
    'Long',
    'Short',
    'Stop-loss',
    'Trailing stop',
    'Trigger',
    'Cross',
    'Hedge',
    'Margin call',
    'Spread',
    'Status',
    'Type',
    'Contract',
    'Volume',
    'Menu',
    'Tip',
    'Max',
    'Min',
    'Minimum',
    'Product',
    'Details',
    'Route',
    'Accounts',
    'Trader',
    'Code',
    'QR',
    'Link',
    'Nonce',
    'E-wallet',
    // The same words inside a phrase: Open orders, QR-code, {{minutes}} min.
    'futures',
    'orders',
    'order',
    'code',
    'product',
    'min',
  ],
  sv: [
    'Spot',
    'Support',
    'Limit',
    'Maker',
    'Taker',
    'Spread',
    'Status',
    'Max',
    'Min',
    'Order',
    'Symbol',
    'Position',
    'min',
  ],
};

/** Letters only, case folded: `Post Only` and `Post only` are the same words. */
const words = (s: string) =>
  s
    .replace(/\{\{\w+\}\}/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What is left of a text once its symbols and the language's loanwords are taken out. */
function untranslatable(catalogue: string, text: string): boolean {
  // A hyphen joins words as a space does: Google-Authenticator-Code.
  let rest = text.replace(/-/g, ' ');
  const kept = [...SYMBOLS, ...(LOANWORDS[catalogue] ?? [])]
    .map((k) => k.replace(/-/g, ' '))
    .sort((a, b) => b.length - a.length);
  for (const k of kept) {
    rest = rest.replace(new RegExp(`(^|[^\\p{L}])${escape(k)}(?![\\p{L}])`, 'gu'), '$1');
  }
  return words(rest) === '';
}

/** A translation that reads as the English (in other letter case or punctuation), and is not all symbols or loanwords. */
export function leftInEnglish(catalogue: string, english: string, translated: string): boolean {
  return words(translated) === words(english) && !untranslatable(catalogue, translated);
}

describe('the check for strings left in English', () => {
  it('catches a copy in other letter case, and lets symbols and true loanwords through', () => {
    expect(leftInEnglish('ja', 'Post only', 'Post Only')).toBe(true);
    expect(leftInEnglish('ja', 'Earn', 'Earn')).toBe(true);
    expect(leftInEnglish('ja', 'VIP {{level}}', 'VIP {{level}}')).toBe(false);
    expect(leftInEnglish('th', 'TP/SL', 'TP/SL')).toBe(false);
    expect(leftInEnglish('it', 'Password', 'Password')).toBe(false);
    expect(leftInEnglish('ru', 'Password', 'Password')).toBe(true);
    expect(leftInEnglish('de', 'Spot', 'Spot')).toBe(false);
    expect(leftInEnglish('fr', 'Spot', 'Spot')).toBe(true);
  });
});

describe('web catalogues', () => {
  const en = read('en.json');

  it('exist for every catalogue of the shared locale table, and no others', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...CATALOGUES].sort());
  });

  for (const catalogue of CATALOGUES.filter((c) => c !== 'en')) {
    it(`${catalogue} has exactly the English keys, the same placeholders, and is translated`, () => {
      const other = read(`${catalogue}.json`);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      const untranslated: string[] = [];
      for (const [key, text] of Object.entries(en)) {
        const translated = other[key] ?? '';
        expect(placeholders(translated), `${catalogue} ${key}`).toEqual(placeholders(text));
        expect(translated.trim().length, `${catalogue} ${key}`).toBeGreaterThan(0);
        if (leftInEnglish(catalogue, text, translated)) untranslated.push(`${key}: ${translated}`);
      }
      expect(untranslated, `${catalogue}: strings left in English`).toEqual([]);
    });
  }
});
