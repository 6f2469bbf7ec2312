import { Decimal } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { minorText, quotientText, unitsFixed, unitsOfText, unitsText } from './money';

/** decimal.js with room for every digit here (the app's clone keeps 20 significant digits). */
const Exact = Decimal.clone({ precision: 100 });

/** A seeded generator of bigints up to `digits` digits, so every run checks the same values. */
function bigints(seed: number, count: number, digits: number): bigint[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  const values: bigint[] = [];
  for (let i = 0; i < count; i += 1) {
    const length = 1 + (next() % digits);
    let text = '';
    for (let d = 0; d < length; d += 1) text += String(next() % 10);
    // Many trailing zeros too: they are what the text drops.
    values.push(BigInt(text) * 10n ** BigInt(next() % 6));
  }
  return values;
}

describe('exact amounts as text', () => {
  it('writes units as the shortest exact decimal, as decimal.js does', () => {
    expect(unitsText(1250n, 3)).toBe('1.25');
    expect(unitsText(1000n, 3)).toBe('1');
    expect(unitsText(5n, 3)).toBe('0.005');
    expect(unitsText(0n, 8)).toBe('0');
    expect(unitsText(-150n, 2)).toBe('-1.5');
    expect(unitsText(42n, 0)).toBe('42');
    expect(minorText(150_000_000n)).toBe('1.5');
    expect(minorText(1n)).toBe('0.00000001');
    for (const units of bigints(7, 2000, 24)) {
      for (const places of [0, 2, 8, 10]) {
        for (const signed of [units, -units]) {
          const expected = new Exact(signed.toString()).div(new Exact(10).pow(places));
          expect(unitsText(signed, places)).toBe(expected.toFixed());
        }
      }
    }
  });

  it('writes every place, and reads a decimal back to the same units', () => {
    expect(unitsFixed(1250n, 4)).toBe('0.1250');
    expect(unitsFixed(0n, 5)).toBe('0.00000');
    expect(unitsFixed(-5n, 2)).toBe('-0.05');
    expect(unitsFixed(42n, 0)).toBe('42');
    expect(unitsOfText('0.1250', 4)).toBe(1250n);
    expect(unitsOfText('12.5', 4)).toBe(125000n);
    expect(unitsOfText('7', 2)).toBe(700n);
    expect(unitsOfText('12.50000000', 7)).toBe(125000000n);
    // More places than kept: rounded half up, as toFixed writes it.
    expect(unitsOfText('1.005', 2)).toBe(101n);
    expect(unitsOfText('1.004', 2)).toBe(100n);
    for (const units of bigints(17, 2000, 24)) {
      for (const places of [0, 2, 7]) {
        const text = new Exact(units.toString()).div(new Exact(10).pow(places));
        expect(unitsFixed(units, places)).toBe(text.toFixed(places));
        expect(unitsOfText(unitsFixed(units, places), places)).toBe(units);
        expect(unitsOfText(unitsText(units, places), places)).toBe(units);
      }
    }
  });

  it('divides to a number of places, half rounded up, as decimal.js does', () => {
    expect(quotientText(1n, 3n, 2)).toBe('0.33');
    expect(quotientText(2n, 3n, 2)).toBe('0.67');
    expect(quotientText(1n, 8n, 2)).toBe('0.13');
    expect(quotientText(1n, 2n, 0)).toBe('1');
    expect(quotientText(10n, 4n, 4)).toBe('2.5');
    const numerators = bigints(11, 500, 20);
    const denominators = bigints(13, 500, 12).map((d) => d + 1n);
    numerators.forEach((numerator, i) => {
      const denominator = denominators[i] as bigint;
      for (const places of [0, 3, 6]) {
        const expected = new Exact(numerator.toString())
          .div(denominator.toString())
          .toDecimalPlaces(places, Exact.ROUND_HALF_UP)
          .toFixed();
        expect(quotientText(numerator, denominator, places)).toBe(expected);
      }
    });
  });
});
