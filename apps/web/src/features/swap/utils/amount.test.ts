import { describe, expect, it } from 'vitest';
import { plainAmount } from './amount';

describe('plain amounts', () => {
  it('drops trailing fraction zeros only', () => {
    expect(plainAmount('500000.00000000')).toBe('500000');
    expect(plainAmount('0.01533610')).toBe('0.0153361');
    expect(plainAmount('1000')).toBe('1000');
    expect(plainAmount('10.5')).toBe('10.5');
    expect(plainAmount('0.00000000')).toBe('0');
  });
});
