import { describe, expect, it } from 'vitest';
import { i18n, switchCatalogue } from './i18n';

describe('switching the catalogue', () => {
  it('ends on the language asked for last, whichever catalogue loads first', async () => {
    // The browser's language starts loading, then the path names another one.
    const first = switchCatalogue('ja');
    const second = switchCatalogue('zh-CN');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('futures.openLong')).not.toBe('Open long');
    await switchCatalogue('en');
    expect(i18n.language).toBe('en');
  });
});
