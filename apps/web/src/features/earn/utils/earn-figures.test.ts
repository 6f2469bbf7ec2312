import { describe, expect, it } from 'vitest';
import { aprText, dailyInterest, estimate, recordsCsv, topApr } from './earn-figures';

const TIERS = [
  { from: '0', to: '500', apr: '0.12' },
  { from: '500', to: '5000', apr: '0.008' },
  { from: '5000', to: '', apr: '0.003' },
];

describe('earn figures', () => {
  it('estimates as the server pays: the examples of the issue', () => {
    expect(dailyInterest('10000', TIERS).toFixed(8)).toBe('0.30410958');
    expect(dailyInterest('10000', TIERS).toFixed(6)).toBe('0.304110');
    expect(dailyInterest('100', [{ from: '0', to: '', apr: '0.08' }]).toFixed(8)).toBe(
      '0.02191780',
    );
    expect(estimate('1000', [{ from: '0', to: '', apr: '0.05' }], 7).toFixed(8)).toBe('0.95890410');
  });

  it('reads nothing from input it cannot use', () => {
    expect(dailyInterest('', TIERS).toFixed()).toBe('0');
    expect(dailyInterest('abc', TIERS).toFixed()).toBe('0');
    expect(dailyInterest('-5', TIERS).toFixed()).toBe('0');
  });

  it('shows APRs and CSV', () => {
    expect(aprText('0.008')).toBe('0.8%');
    expect(topApr(TIERS)).toBe('0.12');
    expect(recordsCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
