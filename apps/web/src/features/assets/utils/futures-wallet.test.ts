import { Decimal, type FuturesAccount, type Ticker, type Valuation } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { formatBtc, formatFiat } from '../../../platform/numbers/number-format';
import {
  btcPerUsdtOf,
  btcPriceOf,
  futuresValueOf,
  isHeld,
  tradePairOf,
  walletTotals,
} from './futures-wallet';

const valuation: Valuation = {
  unit: 'EUR',
  fiatPerUsdt: '0.92',
  totalUsdt: '1600',
  totalBtc: '0.016',
  totalFiat: '1472',
  coins: [{ coin: 'USDT', total: '1600', usdt: '1600' }],
};

const account = (marginBalance: string): FuturesAccount => ({
  coin: 'USDT',
  positionMode: 1,
  walletBalance: '900',
  unrealisedPnl: new Decimal(marginBalance).minus(900).toFixed(),
  marginBalance,
  positionMargin: '100',
  orderMargin: '0',
  availableBalance: '800',
  maxTransferable: '800',
  maintenanceMargin: '2',
  marginRatio: '0.002',
});

const ticker = (symbol: string, last: string) => ({ symbol, last }) as Ticker;

describe('the futures wallet in the valuation', () => {
  it('is worth its margin balance (wallet balance and unrealised PnL), in the unit and in BTC', () => {
    const value = futuresValueOf(account('1000.5'), '0.92', btcPerUsdtOf(valuation, null));
    expect(value.usdt.toFixed()).toBe('1000.5');
    expect(formatFiat(value.fiat)).toBe('920.46');
    expect(formatBtc(value.btc)).toBe('0.010005');
  });

  it('counts as zero while unknown (a server without futures)', () => {
    const value = futuresValueOf(null, '0.92', new Decimal('0.00001'));
    expect(value.usdt.isZero() && value.fiat.isZero() && value.btc.isZero()).toBe(true);
  });

  it('takes the BTC ratio from a BTC price when the spot wallet values nothing', () => {
    const empty = { ...valuation, totalUsdt: '0', totalBtc: '0' };
    expect(btcPerUsdtOf(empty, '50000').toFixed()).toBe('0.00002');
    expect(btcPerUsdtOf(empty, null).isZero()).toBe(true);
    expect(btcPerUsdtOf(undefined, '0').isZero()).toBe(true);
  });

  it('finds the BTC price among the spot tickers, the demo twin in simulation', () => {
    expect(btcPriceOf([ticker('ETHUSDT', '3000'), ticker('BTCUSDT', '50000')])).toBe('50000');
    expect(btcPriceOf([ticker('SBTCSUSDT', '49000')])).toBe('49000');
    expect(btcPriceOf([ticker('BTCUSDT', '')])).toBeNull();
    expect(btcPriceOf(undefined)).toBeNull();
  });

  it('adds both wallets to the total, and keeps one while the other is unknown', () => {
    const spot = { usdt: new Decimal(1600), fiat: new Decimal(1472), btc: new Decimal('0.016') };
    const futures = futuresValueOf(account('400'), '0.92', new Decimal('0.00001'));
    const both = walletTotals(spot, futures);
    expect(both?.usdt.toFixed()).toBe('2000');
    expect(both?.fiat.toFixed()).toBe('1840');
    expect(both?.btc.toFixed()).toBe('0.02');
    expect(walletTotals(spot, null)).toBe(spot);
    expect(walletTotals(null, futures)).toBe(futures);
    expect(walletTotals(null, null)).toBeNull();
  });
});

describe('positions on the wallet page', () => {
  it('trade on the page of their real pair, demo perpetuals too', () => {
    expect(tradePairOf('BTCUSDT_PERP')).toBe('BTCUSDT');
    expect(tradePairOf('SETHSUSDT_PERP')).toBe('ETHUSDT');
  });

  it('are held while their size is not zero', () => {
    expect(isHeld({ count: '0.5', positionsCount: '0.5' })).toBe(true);
    expect(isHeld({ count: '0', positionsCount: '0' })).toBe(false);
    expect(isHeld({ count: '0.1', positionsCount: '' })).toBe(true);
  });
});
