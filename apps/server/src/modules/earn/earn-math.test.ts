/** The interest examples of the issue to the last digit, tiers, rounding and days. */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../kernel/money';
import {
  DAY_MS,
  dailyInterest,
  midnightOf,
  nextMidnight,
  rateUnits,
  shownTo,
  termInterest,
  tiersOf,
} from './earn-math';
import { earnSettingsOf } from './earn-settings';

const minor = (amount: string) => toMinor(amount) as bigint;

const TIERED = tiersOf([
  { from: '0', to: '500', apr: '0.12' },
  { from: '500', to: '5000', apr: '0.008' },
  { from: '5000', to: '', apr: '0.003' },
]);

describe('earn interest', () => {
  it('10,000 USDT over the tiers 12 % / 0.8 % / 0.3 % earns 0.304110 USDT a day', () => {
    // (500 x 12 % + 4,500 x 0.8 % + 5,000 x 0.3 %) / 365 = 111 / 365 = 0.3041095890...
    const interest = dailyInterest(minor('10000'), TIERED);
    // Paid to the coin's smallest unit, rounded down ...
    expect(interest).toBe(30_410_958n);
    // ... which is 0.304110 at six places (0.304109|58 rounds up there; rounding the
    // exact figure down at six places would give 0.304109, so the six places are shown, not paid).
    expect(shownTo(interest, 6)).toBe('0.304110');
  });

  it('100 at 8 % earns 0.02191780 a day (rounded down)', () => {
    const interest = dailyInterest(minor('100'), tiersOf([{ from: '0', to: '', apr: '0.08' }]));
    expect(interest).toBe(2_191_780n);
    expect(shownTo(interest, 8)).toBe('0.02191780');
  });

  it('applies each tier only to the part of the principal inside it', () => {
    // 500 entirely in the first tier: 500 x 12 % / 365 = 0.16438356...
    expect(dailyInterest(minor('500'), TIERED)).toBe(16_438_356n);
    // 600: 60 + 100 x 0.8 % = 60.8 / 365 = 0.16657534...
    expect(dailyInterest(minor('600'), TIERED)).toBe(16_657_534n);
    expect(dailyInterest(0n, TIERED)).toBe(0n);
  });

  it('a fixed term pays its days, each rounded down', () => {
    const flat = tiersOf([{ from: '0', to: '', apr: '0.05' }]);
    // 1000 x 5 % / 365 = 0.13698630 a day; 7 days = 0.95890410.
    expect(termInterest(minor('1000'), flat, 7)).toBe(95_890_410n);
  });

  it('a subscription at 23:59 earns from the next midnight', () => {
    const day = Date.UTC(2026, 0, 10);
    expect(nextMidnight(day + DAY_MS - 60_000)).toBe(day + DAY_MS);
    expect(nextMidnight(day)).toBe(day + DAY_MS);
    expect(midnightOf(day + 5)).toBe(day);
  });

  it('refuses rates and tiers it cannot use', () => {
    expect(rateUnits('0.12')).toBe(120_000_000_000_000_000n);
    expect(() => rateUnits('-1')).toThrow();
    expect(() => rateUnits('1e-3')).toThrow();
    expect(() => tiersOf([])).toThrow();
    expect(() => tiersOf([{ from: '1', to: '', apr: '0.1' }])).toThrow();
    expect(() =>
      tiersOf([
        { from: '0', to: '10', apr: '0.1' },
        { from: '20', to: '', apr: '0.1' },
      ]),
    ).toThrow();
    expect(() => tiersOf([{ from: '0', to: '10', apr: '0.1' }])).toThrow();
  });

  it('reads the settings and refuses bad ones', () => {
    expect(earnSettingsOf('').products['usdt-flexible']?.tiers).toHaveLength(3);
    expect(() => earnSettingsOf('{"products":{"x":{"coin":"USDT"}}}')).toThrow();
    expect(() => earnSettingsOf('{"seed":"yes"}')).toThrow();
  });
});
