import { describe, expect, it } from 'vitest';
import { shortAddress } from './figures';

describe('record addresses', () => {
  it('shortens long addresses in the middle only', () => {
    expect(shortAddress('TQ7z1nX3c5bq8xPRgkW7fJ1f3aW5s2Zk9L')).toBe('TQ7z1n…s2Zk9L');
    expect(shortAddress('spot->futures')).toBe('spot->futures');
  });
});
