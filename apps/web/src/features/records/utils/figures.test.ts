import { describe, expect, it } from 'vitest';
import { formatFigure, shortAddress } from './figures';

describe('record figures', () => {
  it('cuts to the market precision and groups thousands', () => {
    expect(formatFigure('99950.129', 2)).toBe('99,950.12');
    expect(formatFigure('0.5', 5)).toBe('0.50000');
  });

  it('keeps every decimal the server wrote when no precision is known', () => {
    expect(formatFigure('1234.000012')).toBe('1,234.000012');
    expect(formatFigure('')).toBe('--');
  });

  it('shortens long addresses in the middle only', () => {
    expect(shortAddress('TQ7z1nX3c5bq8xPRgkW7fJ1f3aW5s2Zk9L')).toBe('TQ7z1n…s2Zk9L');
    expect(shortAddress('spot->futures')).toBe('spot->futures');
  });
});
