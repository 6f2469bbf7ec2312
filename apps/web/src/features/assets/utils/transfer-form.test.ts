import { describe, expect, it } from 'vitest';
import { checkTransfer, cleanTransferAmount, flipDirection, transferMax } from './transfer-form';

describe('the transfer form', () => {
  it('offers as Max the spot wallet’s available USDT towards futures', () => {
    expect(transferMax('toFutures', '1000.123456789', { maxTransferable: '5' })).toBe(
      '1000.12345678',
    );
  });

  it('offers as Max the futures wallet’s max transferable towards spot', () => {
    expect(transferMax('toSpot', '1000', { maxTransferable: '250.5' })).toBe('250.5');
  });

  it('offers zero when the source is empty, negative or unknown', () => {
    expect(transferMax('toSpot', '1000', null)).toBe('0');
    expect(transferMax('toFutures', null, { maxTransferable: '1' })).toBe('0');
    expect(transferMax('toSpot', '0', { maxTransferable: '-3' })).toBe('0');
  });

  it('asks for an amount above zero and at most the Max', () => {
    expect(checkTransfer('', '100')).toEqual({ problem: 'required', ok: false });
    expect(checkTransfer('0', '100')).toEqual({ problem: 'required', ok: false });
    expect(checkTransfer('100.00000001', '100')).toEqual({ problem: 'overMax', ok: false });
    expect(checkTransfer('100', '100')).toEqual({ problem: null, ok: true });
    expect(checkTransfer('1', '0')).toEqual({ problem: 'overMax', ok: false });
  });

  it('cleans what is typed to digits and 8 decimals', () => {
    expect(cleanTransferAmount('12a.3456789012')).toBe('12.34567890');
    expect(cleanTransferAmount('１２．５')).toBe('12.5');
  });

  it('turns the direction round', () => {
    expect(flipDirection('toFutures')).toBe('toSpot');
    expect(flipDirection('toSpot')).toBe('toFutures');
  });
});
