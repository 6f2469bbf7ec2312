import { describe, expect, it } from 'vitest';
import { impactPercent, impactPpm, impactTone } from './impact';

describe('price impact', () => {
  it('reads the decimal text exactly', () => {
    expect(impactPpm('0.0123')).toBe(12_300);
    expect(impactPpm('0.000001')).toBe(1);
    expect(impactPpm('0.1234567')).toBe(123_456);
    expect(impactPpm('1')).toBe(1_000_000);
    expect(impactPpm('-0.1')).toBeNull();
    expect(impactPpm('1e-3')).toBeNull();
  });

  it('is fine below 1 %, a warning to below 5 %, danger from 5 %', () => {
    expect(impactTone('0.009999')).toBe('ok');
    expect(impactTone('0.01')).toBe('warn');
    expect(impactTone('0.049999')).toBe('warn');
    expect(impactTone('0.05')).toBe('danger');
    expect(impactTone('0.5')).toBe('danger');
  });

  it('shows percent to two places, never smaller than it is', () => {
    expect(impactPercent('0')).toBe('0.00%');
    expect(impactPercent('0.000050')).toBe('<0.01%');
    expect(impactPercent('0.0001')).toBe('0.01%');
    expect(impactPercent('0.012301')).toBe('1.24%');
    expect(impactPercent('0.0123')).toBe('1.23%');
    expect(impactPercent('0.25')).toBe('25.00%');
  });
});
