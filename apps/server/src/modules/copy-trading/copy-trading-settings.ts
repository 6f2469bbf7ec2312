/**
 * The terms of copy trading: what a lead must hold, the range of the
 * profit-share rate, the most followers per lead, the least a follower
 * invests, how often stop-loss / take-profit of copies are looked at, and
 * the hour (UTC+8 midnight) of the daily profit-share settlement.
 * COPY_TRADING_SETTINGS (JSON) overrides the defaults key by key; what it
 * says is checked at start.
 */
import { toMinor } from '../../kernel/money';

export interface CopyTradingSettings {
  /** Futures equity (USDT) a user needs to apply as lead. */
  minLeadEquity: string;
  minShareRate: string;
  maxShareRate: string;
  maxFollowers: number;
  minInvestment: string;
  /** How often copies' stop-loss and take-profit and the daily settlement are looked for. */
  check_ms: number;
  /** The settlement day starts at 00:00 at this offset from UTC (UTC+8). */
  dayOffset_ms: number;
}

export const DEFAULT_COPY_TRADING_SETTINGS: CopyTradingSettings = {
  minLeadEquity: '100',
  minShareRate: '0.1',
  maxShareRate: '0.2',
  maxFollowers: 100,
  minInvestment: '10',
  check_ms: 5_000,
  dayOffset_ms: 8 * 3_600_000,
};

export function copyTradingSettingsOf(json: string): CopyTradingSettings {
  const override = (json.trim() === '' ? {} : JSON.parse(json)) as Partial<CopyTradingSettings>;
  const merged: CopyTradingSettings = { ...DEFAULT_COPY_TRADING_SETTINGS, ...override };
  const fail = (what: string) => {
    throw new Error(`COPY_TRADING_SETTINGS: ${what}`);
  };
  for (const key of ['minLeadEquity', 'minInvestment', 'minShareRate', 'maxShareRate'] as const) {
    if (typeof merged[key] !== 'string' || toMinor(merged[key]) === null) {
      fail(`${key} must be a decimal amount`);
    }
  }
  const min = toMinor(merged.minShareRate) ?? 0n;
  const max = toMinor(merged.maxShareRate) ?? 0n;
  if (min > max || max >= toMinor('1')!) fail('the share rates must satisfy min <= max < 1');
  if (!Number.isInteger(merged.maxFollowers) || merged.maxFollowers < 1) {
    fail('maxFollowers must be a whole number of at least 1');
  }
  if (!Number.isInteger(merged.check_ms) || merged.check_ms < 50) {
    fail('check_ms must be a whole number of at least 50');
  }
  if (!Number.isInteger(merged.dayOffset_ms) || Math.abs(merged.dayOffset_ms) > 14 * 3_600_000) {
    fail('dayOffset_ms must be whole milliseconds within ±14 hours');
  }
  return merged;
}
