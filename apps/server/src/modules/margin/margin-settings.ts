/**
 * The terms of margin trading: per coin the daily interest rate, the most
 * one account may owe (the tier cap) and what the lending pool starts with;
 * leverage, call and liquidation levels, the liquidation fee and the markets
 * with isolated accounts. MARGIN_SETTINGS (JSON) overrides the defaults key
 * by key; what it says is checked at start.
 */
import { Decimal } from '@quay/core';
import { toMinor } from '../../kernel/money';
import { rateUnits } from './margin-math';

export interface MarginCoinSettings {
  /** Interest per day as a fraction ('0.00025' is 0.025 %). */
  dailyRate: string;
  /** The most one account may owe in principal. */
  borrowCap: string;
  /** What the lending pool is funded with, once, at start. */
  poolSeed: string;
}

export interface MarginMarketSettings {
  isolated: boolean;
  maxLeverage: number;
}

export interface MarginSettings {
  /** Whether the pool and the fund are funded at start (false: left to the operator). */
  seed: boolean;
  valuationCoin: string;
  crossMaxLeverage: number;
  callLevel: { cross: string; isolated: string };
  liquidationLevel: { cross: string; isolated: string };
  /** Fraction of a liquidation's proceeds paid to the margin protection fund. */
  liquidationFeeRate: string;
  /** What the margin protection fund starts with in each borrowable coin, once. */
  fundSeed: Record<string, string>;
  coins: Record<string, MarginCoinSettings>;
  markets: Record<string, MarginMarketSettings>;
}

export const DEFAULT_MARGIN_SETTINGS: MarginSettings = {
  seed: true,
  valuationCoin: 'USDT',
  crossMaxLeverage: 3,
  callLevel: { cross: '1.3', isolated: '1.2' },
  liquidationLevel: { cross: '1.1', isolated: '1.1' },
  liquidationFeeRate: '0.01',
  fundSeed: { USDT: '1000000', BTC: '10', ETH: '200', SOL: '5000', XRP: '500000' },
  coins: {
    USDT: { dailyRate: '0.00025', borrowCap: '1000000', poolSeed: '50000000' },
    BTC: { dailyRate: '0.0001', borrowCap: '20', poolSeed: '1000' },
    ETH: { dailyRate: '0.000126279', borrowCap: '400', poolSeed: '20000' },
    SOL: { dailyRate: '0.0002', borrowCap: '10000', poolSeed: '500000' },
    XRP: { dailyRate: '0.0002', borrowCap: '1000000', poolSeed: '50000000' },
  },
  markets: {
    BTCUSDT: { isolated: true, maxLeverage: 10 },
    ETHUSDT: { isolated: true, maxLeverage: 10 },
    SOLUSDT: { isolated: true, maxLeverage: 5 },
    XRPUSDT: { isolated: true, maxLeverage: 5 },
  },
};

function level(value: unknown, what: string): string {
  if (
    typeof value !== 'string' ||
    !/^[0-9]+(\.[0-9]+)?$/.test(value) ||
    new Decimal(value).lte(1)
  ) {
    throw new Error(`MARGIN_SETTINGS: ${what} must be a decimal above 1`);
  }
  return value;
}

function amount(value: unknown, what: string): string {
  if (typeof value !== 'string' || toMinor(value) === null) {
    throw new Error(`MARGIN_SETTINGS: ${what} must be a decimal amount`);
  }
  return value;
}

function leverage(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 2 || value > 125) {
    throw new Error(`MARGIN_SETTINGS: ${what} must be a whole number from 2 to 125`);
  }
  return value;
}

/** The defaults with what `json` overrides, checked; throws on anything it cannot use. */
export function marginSettingsOf(json: string): MarginSettings {
  const override = (json.trim() === '' ? {} : JSON.parse(json)) as Partial<MarginSettings>;
  const merged: MarginSettings = {
    ...DEFAULT_MARGIN_SETTINGS,
    ...override,
    callLevel: { ...DEFAULT_MARGIN_SETTINGS.callLevel, ...override.callLevel },
    liquidationLevel: {
      ...DEFAULT_MARGIN_SETTINGS.liquidationLevel,
      ...override.liquidationLevel,
    },
    fundSeed: { ...DEFAULT_MARGIN_SETTINGS.fundSeed, ...override.fundSeed },
    coins: { ...DEFAULT_MARGIN_SETTINGS.coins, ...override.coins },
    markets: { ...DEFAULT_MARGIN_SETTINGS.markets, ...override.markets },
  };
  if (typeof merged.seed !== 'boolean')
    throw new Error('MARGIN_SETTINGS: seed must be true or false');
  leverage(merged.crossMaxLeverage, 'crossMaxLeverage');
  for (const mode of ['cross', 'isolated'] as const) {
    const call = new Decimal(level(merged.callLevel[mode], `callLevel.${mode}`));
    const liquidation = level(merged.liquidationLevel[mode], `liquidationLevel.${mode}`);
    if (call.lte(liquidation)) {
      throw new Error(
        `MARGIN_SETTINGS: the ${mode} call level must be above its liquidation level`,
      );
    }
  }
  rateUnits(merged.liquidationFeeRate);
  for (const [coin, terms] of Object.entries(merged.coins)) {
    rateUnits(terms.dailyRate);
    amount(terms.borrowCap, `coins.${coin}.borrowCap`);
    amount(terms.poolSeed, `coins.${coin}.poolSeed`);
  }
  for (const [coin, seed] of Object.entries(merged.fundSeed)) amount(seed, `fundSeed.${coin}`);
  for (const [symbol, market] of Object.entries(merged.markets)) {
    leverage(market.maxLeverage, `markets.${symbol}.maxLeverage`);
  }
  return merged;
}
