import { describe, expect, it } from 'vitest';
import { checkWithdraw, cleanAmount, maxAmount } from './withdraw-form';

const usdt = { decimals: 2, minWithdraw: '10', withdrawFee: '1' };
const address = 'TQ7z1nX3c5bq8xPRgkW7fJ1f3aW5s2Zk9L';

describe('withdraw form', () => {
  it('cleans what is typed to digits and the coin decimals', () => {
    expect(cleanAmount('１２.3456', usdt)).toBe('12.34');
    expect(cleanAmount('00012,5', usdt)).toBe('0125');
    expect(cleanAmount('.5', usdt)).toBe('5');
    expect(cleanAmount('7.', usdt)).toBe('7.');
    expect(cleanAmount('3.9', { decimals: 0 })).toBe('3');
  });

  it('offers at most what is available, cut to the decimals', () => {
    expect(maxAmount('123.456789', usdt)).toBe('123.45');
    expect(maxAmount('0', usdt)).toBe('0');
    expect(maxAmount('', usdt)).toBe('0');
  });

  it('accepts an amount between minimum and available, receive = amount - fee', () => {
    const check = checkWithdraw({ address, amount: '25.5' }, usdt, '100');
    expect(check.ok).toBe(true);
    expect(check.receive.toFixed()).toBe('24.5');
    expect(check.fee.toFixed()).toBe('1');
  });

  it('refuses below the minimum and over the available balance', () => {
    expect(checkWithdraw({ address, amount: '9.99' }, usdt, '100').amount).toBe('belowMinimum');
    expect(checkWithdraw({ address, amount: '100.01' }, usdt, '100').amount).toBe('overAvailable');
    expect(checkWithdraw({ address, amount: '100' }, usdt, '100').amount).toBeNull();
  });

  it('says over available before below minimum when both hold', () => {
    expect(checkWithdraw({ address, amount: '5' }, usdt, '2').amount).toBe('overAvailable');
  });

  it('refuses an amount the fee would swallow', () => {
    const check = checkWithdraw({ address, amount: '1' }, { ...usdt, minWithdraw: '0' }, '5');
    expect(check.amount).toBe('notAboveFee');
    expect(check.receive.toFixed()).toBe('0');
  });

  it('asks for an amount and an address, and refuses an address with spaces', () => {
    const empty = checkWithdraw({ address: ' ', amount: '' }, usdt, '100');
    expect(empty.address).toBe('required');
    expect(empty.amount).toBe('required');
    expect(empty.ok).toBe(false);
    expect(checkWithdraw({ address: 'TQ7z1 nX3c5bq8', amount: '20' }, usdt, '100').address).toBe(
      'format',
    );
  });
});
