import type { ProtectionFund } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { fundChangeSince, fundChartPoints } from './fund-history';
import { signedFundAmount } from './fund-figures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = 100 * DAY;
const utc = () => 0;

const fund: Pick<ProtectionFund, 'history' | 'balance'> = {
  balance: '1300.5',
  history: [
    { time: now - 40 * DAY, balance: '1000' },
    { time: now - 2 * DAY, balance: '1200' },
    { time: now - 10 * DAY, balance: '1100' },
    { time: now - HOUR, balance: '1300.5' },
  ],
};

describe('the fund chart', () => {
  it('draws every point oldest first and ends at the balance now', () => {
    const points = fundChartPoints(fund, now, 'all', utc);
    expect(points.map((p) => p.value)).toEqual([1000, 1100, 1200, 1300.5, 1300.5]);
    expect(points.at(-1)?.time).toBe(now / 1000);
    expect(points.every((p, i) => i === 0 || p.time > (points[i - 1]?.time ?? 0))).toBe(true);
  });

  it('starts a range at the balance held when it begins', () => {
    const points = fundChartPoints(fund, now, '7d', utc);
    expect(points[0]).toEqual({ time: (now - 7 * DAY) / 1000, value: 1100 });
    expect(points.map((p) => p.value)).toEqual([1100, 1200, 1300.5, 1300.5]);
  });

  it('keeps one point a second (the last) and drops unreadable balances', () => {
    const points = fundChartPoints(
      {
        balance: '7',
        history: [
          { time: 1000, balance: '5' },
          { time: 1400, balance: '6' },
          { time: 2000, balance: 'x' },
        ],
      },
      2500,
      'all',
      utc,
    );
    expect(points).toEqual([
      { time: 1, value: 6 },
      { time: 2, value: 7 },
    ]);
  });

  it('shifts times so the chart (which draws UTC) shows local time', () => {
    const points = fundChartPoints({ balance: '1', history: [] }, 3_600_000, 'all', () => -60);
    expect(points).toEqual([{ time: 7200, value: 1 }]);
  });

  it('draws nothing without a readable balance', () => {
    expect(fundChartPoints({ balance: '', history: [] }, now, 'all', utc)).toEqual([]);
  });
});

describe('the fund figures', () => {
  it('give the change since a moment in decimal', () => {
    const change = fundChangeSince(fund, now - DAY);
    expect(change?.change.toFixed()).toBe('100.5');
    expect(change?.percent.toFixed(4)).toBe('8.3750');
  });

  it('sign and colour a movement', () => {
    expect(signedFundAmount('25')).toEqual({ text: '+25.00', trend: 'rise' });
    expect(signedFundAmount('-1000.555')).toEqual({ text: '-1,000.56', trend: 'fall' });
  });
});
