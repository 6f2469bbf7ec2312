import { describe, expect, it } from 'vitest';
import { plainAmount } from './amount';

describe('plainAmount', () => {
  it('drops trailing fraction zeros and a bare point, nothing else', () => {
    expect(plainAmount('10.00000000')).toBe('10');
    expect(plainAmount('0.50000000')).toBe('0.5');
    expect(plainAmount('0.00000001')).toBe('0.00000001');
    expect(plainAmount('100')).toBe('100');
    expect(plainAmount('1000.10')).toBe('1000.1');
  });
});
