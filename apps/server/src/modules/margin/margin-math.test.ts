import fc from 'fast-check';
import { Decimal } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '../../kernel/money';
import {
  HOUR_MS,
  chargesFor,
  hourlyInterest,
  interestFor,
  maxBorrowable,
  maxTransferable,
  rateUnits,
  riskOf,
  splitRepayment,
} from './margin-math';
import { marginSettingsOf } from './margin-settings';

const minor = (text: string) => toMinor(text) as bigint;
const percentPerDay = (text: string) => rateUnits(new Decimal(text).div(100).toFixed());

describe('margin interest', () => {
  it('charges 60 USDT at 0.025 % a day 0.003125 for 5 hours and 0.015625 for 25', () => {
    const rate = percentPerDay('0.025');
    expect(fromMinor(interestFor(minor('60'), rate, 5 * HOUR_MS))).toBe('0.00312500');
    expect(fromMinor(interestFor(minor('60'), rate, 25 * HOUR_MS))).toBe('0.01562500');
  });

  it('charges 10,000 at 0.0126279 % a day 0.15784875 for 3 hours', () => {
    const rate = percentPerDay('0.0126279');
    expect(fromMinor(interestFor(minor('10000'), rate, 3 * HOUR_MS))).toBe('0.15784875');
  });

  it('charges at borrowing and at every started hour: ceil(hours), at least one', () => {
    expect(chargesFor(0)).toBe(1);
    expect(chargesFor(1)).toBe(1);
    expect(chargesFor(HOUR_MS)).toBe(1);
    expect(chargesFor(HOUR_MS + 1)).toBe(2);
    expect(chargesFor(4.5 * HOUR_MS)).toBe(5);
  });

  it('rounds an hourly charge up to the next minor unit, never down to nothing', () => {
    // 0.00000001 x 0.0001 / 24 is far below one minor unit: one unit is charged.
    expect(hourlyInterest(1n, rateUnits('0.0001'))).toBe(1n);
    expect(hourlyInterest(0n, rateUnits('0.0001'))).toBe(0n);
  });

  it('refuses a rate it cannot hold exactly', () => {
    expect(() => rateUnits('0.0000000000000000001')).toThrow();
    expect(() => rateUnits('-0.1')).toThrow();
    expect(() => rateUnits('1e-3')).toThrow();
  });

  it('pays interest first and then principal, and all that was charged when repaid in full', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 24 * 400 }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { maxLength: 8 }),
        (principal, ratePerMillion, hours, payments) => {
          const rate = rateUnits(new Decimal(ratePerMillion).div(1_000_000).toFixed());
          let owedPrincipal = principal;
          let owedInterest = interestFor(principal, rate, hours * HOUR_MS);
          const charged = owedInterest;
          let paidPrincipal = 0n;
          let paidInterest = 0n;
          for (const want of payments) {
            const owed = owedPrincipal + owedInterest;
            const pay = want < owed ? want : owed;
            const split = splitRepayment(pay, owedInterest);
            // Interest goes first: principal is touched only once no interest is left.
            if (split.principal > 0n) expect(split.interest).toBe(owedInterest);
            owedInterest -= split.interest;
            owedPrincipal -= split.principal;
            paidInterest += split.interest;
            paidPrincipal += split.principal;
          }
          // "Repay all" clears both exactly.
          const rest = splitRepayment(owedPrincipal + owedInterest, owedInterest);
          paidInterest += rest.interest;
          paidPrincipal += rest.principal;
          expect(paidInterest).toBe(charged);
          expect(paidPrincipal).toBe(principal);
        },
      ),
    );
  });
});

describe('margin risk and limits', () => {
  const usdt = (held: string, principal = '0', interest = '0') => ({
    coin: 'USDT',
    held: minor(held),
    principal: minor(principal),
    interest: minor(interest),
    price: new Decimal(1),
  });
  const btc = (held: string, price: string, principal = '0') => ({
    coin: 'BTC',
    held: minor(held),
    principal: minor(principal),
    interest: 0n,
    price: new Decimal(price),
  });

  it('values assets and liabilities at the index: level, ratio and net asset', () => {
    // 100 USDT of own money, 200 borrowed, all spent on 0.006 BTC at 50,000.
    const figures = riskOf([usdt('0', '200', '0.1'), btc('0.006', '50000')]);
    expect(figures.totalAsset.toFixed()).toBe('300');
    expect(figures.totalLiability.toFixed()).toBe('200.1');
    expect(figures.netAsset.toFixed()).toBe('99.9');
    expect(figures.marginLevel?.toFixed(6)).toBe('1.499250');
    expect(figures.riskRatio.toFixed(4)).toBe('0.6670');
  });

  it('lets a cross account at 3x borrow twice its net asset, less what it owes, within cap and pool', () => {
    const figures = riskOf([usdt('100')]);
    const base = { figures, maxLeverage: 3, price: new Decimal(1), principal: 0n };
    expect(maxBorrowable({ ...base, cap: minor('1000'), pool: minor('1000') })).toBe(minor('200'));
    expect(maxBorrowable({ ...base, cap: minor('150'), pool: minor('1000') })).toBe(minor('150'));
    expect(maxBorrowable({ ...base, cap: minor('1000'), pool: minor('20') })).toBe(minor('20'));
    const owing = riskOf([usdt('250', '150')]);
    expect(
      maxBorrowable({ ...base, figures: owing, cap: minor('1000'), pool: minor('1000') }),
    ).toBe(minor('50'));
    // In BTC at 50,000: 200 USDT is 0.004 BTC.
    expect(
      maxBorrowable({
        ...base,
        price: new Decimal(50000),
        cap: minor('1'),
        pool: minor('1'),
      }),
    ).toBe(minor('0.004'));
  });

  it('keeps a transfer out above the call line', () => {
    // 300 held against 200 owed, call at 1.3: at most 300 - 260 (strictly above) may leave.
    const figures = riskOf([usdt('300', '200')]);
    const max = maxTransferable({
      figures,
      available: minor('300'),
      price: new Decimal(1),
      callLevel: new Decimal('1.3'),
    });
    expect(max).toBe(minor('40') - 1n);
    const free = riskOf([usdt('300')]);
    expect(
      maxTransferable({
        figures: free,
        available: minor('300'),
        price: new Decimal(1),
        callLevel: new Decimal('1.3'),
      }),
    ).toBe(minor('300'));
  });
});

describe('margin settings', () => {
  it('takes the defaults, and overrides key by key', () => {
    const settings = marginSettingsOf(
      '{"coins":{"USDT":{"dailyRate":"0.0003","borrowCap":"5","poolSeed":"10"}}}',
    );
    expect(settings.coins.USDT?.dailyRate).toBe('0.0003');
    expect(settings.coins.BTC?.dailyRate).toBe('0.0001');
    expect(settings.crossMaxLeverage).toBe(3);
  });

  it('refuses a call level at or below the liquidation level, and bad amounts', () => {
    expect(() => marginSettingsOf('{"callLevel":{"cross":"1.05"}}')).toThrow();
    expect(() => marginSettingsOf('{"crossMaxLeverage":1}')).toThrow();
    expect(() =>
      marginSettingsOf('{"coins":{"USDT":{"dailyRate":"x","borrowCap":"5","poolSeed":"10"}}}'),
    ).toThrow();
  });
});
