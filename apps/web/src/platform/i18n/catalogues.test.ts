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
 * Product names and codes that exchanges leave in English in every language
 * (UID, VIP, Spot, Earn, Copy trading) and words spelled alike (Menu, Password).
 */
const SAME_EVERYWHERE = new Set([
  'account.uid',
  'account.vipLevel',
  'nav.spot',
  'nav.earn',
  'footer.earn',
  'footer.copyTrading',
  'nav.menu',
  'auth.password',
  // Time-in-force codes read the same on every exchange in every language.
  'spot.tif.GTC',
  'spot.tif.IOC',
  'spot.tif.FOK',
  // A product name, written the same in every language.
  'auth2fa.factor.google',
]);

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
      const leftInEnglish: string[] = [];
      for (const [key, text] of Object.entries(en)) {
        const translated = other[key] ?? '';
        expect(placeholders(translated), `${catalogue} ${key}`).toEqual(placeholders(text));
        expect(translated.trim().length, `${catalogue} ${key}`).toBeGreaterThan(0);
        if (translated === text && !SAME_EVERYWHERE.has(key)) leftInEnglish.push(key);
      }
      expect(leftInEnglish, `${catalogue}: strings left in English`).toEqual([]);
    });
  }
});
