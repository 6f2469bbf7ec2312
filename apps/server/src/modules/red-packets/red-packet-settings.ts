/**
 * The terms of red packets: the coins, the most shares, how long a packet
 * lives, how often expiry is looked for, and above what total (per coin)
 * creating one needs the second factor. RED_PACKET_SETTINGS (JSON)
 * overrides the defaults key by key; what it says is checked at start.
 */
import { COIN_NAMES } from '../../kernel/coins';
import { toMinor } from '../../kernel/money';

export interface RedPacketSettings {
  maxCount: number;
  lifetime_ms: number;
  expiryCheck_ms: number;
  /** A total above this needs the second factor; a coin not named always does. */
  secondFactorAbove: Record<string, string>;
}

export const DEFAULT_RED_PACKET_SETTINGS: RedPacketSettings = {
  maxCount: 200,
  lifetime_ms: 24 * 3_600_000,
  expiryCheck_ms: 60_000,
  secondFactorAbove: { USDT: '1000', BTC: '0.02', ETH: '0.5', SOL: '10', XRP: '2000' },
};

/** The ledger account that holds what every open packet still has to give. */
export const RED_PACKET_ESCROW = '@red-packets';

export function redPacketSettingsOf(json: string): RedPacketSettings {
  const override = (json.trim() === '' ? {} : JSON.parse(json)) as Partial<RedPacketSettings>;
  const merged: RedPacketSettings = {
    ...DEFAULT_RED_PACKET_SETTINGS,
    ...override,
    secondFactorAbove: {
      ...DEFAULT_RED_PACKET_SETTINGS.secondFactorAbove,
      ...override.secondFactorAbove,
    },
  };
  const whole = (value: number, min: number, what: string) => {
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`RED_PACKET_SETTINGS: ${what} must be a whole number of at least ${min}`);
    }
  };
  whole(merged.maxCount, 1, 'maxCount');
  whole(merged.lifetime_ms, 1000, 'lifetime_ms');
  whole(merged.expiryCheck_ms, 50, 'expiryCheck_ms');
  for (const [coin, amount] of Object.entries(merged.secondFactorAbove)) {
    if (!COIN_NAMES.includes(coin) || toMinor(amount) === null) {
      throw new Error(
        `RED_PACKET_SETTINGS: secondFactorAbove.${coin} must be a known coin's amount`,
      );
    }
  }
  return merged;
}
