import { describe, expect, it } from 'vitest';
import { trailTo, trailingStopTicks, type TrailingState } from './futures-state';

const fresh = (activationTicks: number, callbackBps: number): TrailingState => ({
  callbackBps,
  activationTicks,
  activated: activationTicks === 0,
  extremeTicks: 0,
});

describe('trailing stop maths in ticks', () => {
  it('buy: activates at or below the activation price, follows the low, fires 2 % above it', () => {
    const t = fresh(4_900_000, 200);
    expect(trailTo('buy', t, 4_950_000)).toEqual({ changed: false, fire: false });
    expect(trailTo('buy', t, 4_900_000)).toEqual({ changed: true, fire: false });
    expect(trailTo('buy', t, 4_800_000)).toEqual({ changed: true, fire: false });
    expect(t.extremeTicks).toBe(4_800_000);
    expect(trailingStopTicks('buy', t)).toBe(4_896_000);
    expect(trailTo('buy', t, 4_895_999)).toEqual({ changed: false, fire: false });
    expect(trailTo('buy', t, 4_896_000)).toEqual({ changed: false, fire: true });
  });

  it('sell: the stop price is the last tick that fires, rounded down; a buy rounds up', () => {
    // 0.3 % of 33,333 ticks is 99.999 ticks.
    const sell: TrailingState = {
      callbackBps: 30,
      activationTicks: 0,
      activated: true,
      extremeTicks: 33_333,
    };
    expect(trailingStopTicks('sell', sell)).toBe(33_233);
    expect(trailTo('sell', sell, 33_234).fire).toBe(false);
    expect(trailTo('sell', sell, 33_233).fire).toBe(true);
    const buy: TrailingState = { ...sell };
    expect(trailingStopTicks('buy', buy)).toBe(33_433);
    expect(trailTo('buy', buy, 33_432).fire).toBe(false);
    expect(trailTo('buy', buy, 33_433).fire).toBe(true);
  });

  it('keeps exact figures at prices far beyond what a float multiplies exactly', () => {
    const t: TrailingState = {
      callbackBps: 1,
      activationTicks: 0,
      activated: true,
      extremeTicks: 9_007_199_254_740_991,
    };
    // 9,007,199,254,740,991 x 0.9999 = 9,006,298,534,815,516.9009: down to ...516.
    expect(trailingStopTicks('sell', t)).toBe(9_006_298_534_815_516);
  });
});
