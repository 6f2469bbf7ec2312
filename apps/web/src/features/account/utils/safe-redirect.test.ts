import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('the return path after login', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('/ja/register?vipCode=ABC')).toBe('/ja/register?vipCode=ABC');
  });

  it('refuses anything that could leave the site', () => {
    for (const target of [
      null,
      '',
      'https://evil.example',
      'evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target), String(target)).toBeNull();
    }
  });
});
