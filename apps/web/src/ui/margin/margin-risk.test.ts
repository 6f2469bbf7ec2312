import { describe, expect, it } from 'vitest';
import {
  formatMarginLevel,
  formatRiskRatio,
  ratioAtLevel,
  riskGauge,
  riskTone,
} from './margin-risk';

const account = (marginLevel: string, riskRatio: string, status = 'normal' as const) => ({
  marginLevel,
  riskRatio,
  callLevel: '1.3',
  liquidationLevel: '1.1',
  status: status as 'normal' | 'call' | 'liquidated',
});

describe('the margin risk display', () => {
  it('is safe without debt and above the call level, call at it, liquidation at the last line', () => {
    expect(riskTone(account('', '0'))).toBe('safe');
    expect(riskTone(account('2.5', '0.4'))).toBe('safe');
    expect(riskTone(account('1.3', '0.7692'))).toBe('call');
    expect(riskTone(account('1.2', '0.8333'))).toBe('call');
    expect(riskTone(account('1.1', '0.9090'))).toBe('liquidation');
    expect(riskTone(account('1.05', '0.95'))).toBe('liquidation');
  });

  it("follows the server's status where it says more than the figures", () => {
    expect(riskTone({ ...account('', '0'), status: 'liquidated' })).toBe('liquidation');
    expect(riskTone({ ...account('1.5', '0.66'), status: 'call' })).toBe('call');
  });

  it('cuts the margin level to 2 decimals, so it never reads as a line it has not reached', () => {
    expect(formatMarginLevel('1.10999')).toBe('1.10');
    expect(formatMarginLevel('1.3')).toBe('1.30');
    expect(formatMarginLevel('1234.5')).toBe('1,234.50');
    expect(formatMarginLevel('')).toBe('--');
  });

  it('shows the risk ratio in percent', () => {
    expect(formatRiskRatio('0.5')).toBe('50.00%');
    expect(formatRiskRatio('0')).toBe('0.00%');
    expect(formatRiskRatio('0.123456')).toBe('12.35%');
  });

  it('places the call and liquidation lines where the ratio meets those levels', () => {
    expect(ratioAtLevel('2')?.toString()).toBe('0.5');
    expect(ratioAtLevel('0')).toBeNull();
    expect(ratioAtLevel('')).toBeNull();
    const gauge = riskGauge(account('2', '0.5'));
    expect(gauge.fill).toBe(50);
    expect(gauge.callAt).toBeCloseTo(76.923, 2);
    expect(gauge.liquidationAt).toBeCloseTo(90.909, 2);
    // The fill moves with the ratio, and stops at the bar's ends.
    expect(riskGauge(account('1.25', '0.8')).fill).toBe(80);
    expect(riskGauge(account('0.5', '2')).fill).toBe(100);
    expect(riskGauge(account('', '0')).fill).toBe(0);
  });
});
