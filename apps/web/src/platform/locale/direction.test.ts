import { LOCALES } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { isRtl } from './direction';

describe('reading direction', () => {
  it('is right-to-left only for Arabic', () => {
    expect(LOCALES.filter((l) => isRtl(l))).toEqual(['ar']);
  });
});
