/**
 * The two sums of copy trading, exact in integers: how many lots a
 * follower's order takes for what a lead opened, in the three sizing modes,
 * and the daily profit share on a high-water mark.
 */
import { Decimal, type CopySizeModeLike } from './copy-types';
import { toMinor } from '../../kernel/money';

const ONE = 100_000_000n;

export interface SizingInput {
  mode: CopySizeModeLike;
  /** The follower's size: USDT margin per lead order, a multiplier, or a base quantity per lead order. */
  size: string;
  /** The leverage the follower's position takes. */
  leverage: number;
  /** Lots the lead's position grew by in this command. */
  leadOpenedLots: number;
  /** The lots of the lead's orders that opened them (a partial fill copies its share). */
  leadOrderLots: number;
  /** The value (minor units) of one lot at the fill price. */
  lotValue: bigint;
  /** The base quantity of one lot. */
  lotSize: string;
}

/** Lots of the follower's copy order, rounded down (0: too small to copy). */
export function copyLots(c: SizingInput): number {
  if (c.leadOpenedLots <= 0 || c.leadOrderLots <= 0) return 0;
  const opened = BigInt(c.leadOpenedLots);
  const orderLots = BigInt(c.leadOrderLots);
  switch (c.mode) {
    case 'margin': {
      const margin = toMinor(c.size) ?? 0n;
      if (c.lotValue <= 0n) return 0;
      return Number((margin * BigInt(c.leverage) * opened) / (c.lotValue * orderLots));
    }
    case 'multiplier':
      return new Decimal(c.size).times(c.leadOpenedLots).floor().toNumber();
    case 'quantity': {
      const lots = new Decimal(c.size).div(c.lotSize).floor();
      return Number((BigInt(lots.toFixed(0)) * opened) / orderLots);
    }
  }
}

/**
 * The share of one settlement: `max(0, equity − hwm) × rate`, rounded down
 * to a minor unit; the mark then rises to the equity left after the share,
 * so a later loss, and the profit that only wins it back, pay nothing.
 */
export function profitShare(
  equity: bigint,
  hwm: bigint,
  rate: string,
): { share: bigint; hwm: bigint } {
  if (equity <= hwm) return { share: 0n, hwm };
  const share = ((equity - hwm) * (toMinor(rate) ?? 0n)) / ONE;
  return { share, hwm: equity - share };
}
