/**
 * The margin transfer's rules: which ends may pair (spot, cross and an
 * isolated account; never two isolated ends, never an end to itself), which
 * coins may move (an isolated account holds only its market's two coins),
 * and what the source can give.
 */
import {
  Decimal,
  toDecimal,
  type MarginConfig,
  type MarginTransfer,
  type MarginWallet,
} from '@quay/core';

export interface TransferEnds {
  from: MarginWallet;
  to: MarginWallet;
}

/** The ends a wallet may send to. */
export function destinationsOf(from: MarginWallet): MarginWallet[] {
  return (['spot', 'cross', 'isolated'] as const).filter(
    (to) => to !== from && !(from === 'isolated' && to === 'isolated'),
  );
}

/** Picking a source keeps the destination when it still pairs, else takes the first that does. */
export function withSource(ends: TransferEnds, from: MarginWallet): TransferEnds {
  const allowed = destinationsOf(from);
  return { from, to: allowed.includes(ends.to) ? ends.to : (allowed[0] ?? 'cross') };
}

export function swapEnds(ends: TransferEnds): TransferEnds {
  return { from: ends.to, to: ends.from };
}

/** Whether an isolated account (and so a market) is one of the ends. */
export const needsMarket = (ends: TransferEnds) =>
  ends.from === 'isolated' || ends.to === 'isolated';

/** The coins that may move: the market's two when an isolated account is an end, else every coin margin lends. */
export function transferCoins(
  ends: TransferEnds,
  symbol: string | null,
  config: Pick<MarginConfig, 'coins' | 'markets'> | undefined,
): string[] {
  if (!config) return [];
  if (needsMarket(ends)) {
    const market = config.markets.find((m) => m.symbol === symbol);
    return market ? [market.base, market.quote] : [];
  }
  return config.coins.map((c) => c.coin);
}

/** What the source can give, cut to `decimals`; zero when unknown. */
export function transferLimit(source: string | null | undefined, decimals: number): string {
  const d = toDecimal(source);
  if (!d || d.lte(0)) return '0';
  return d.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

/** The body of the transfer call. */
export function transferBody(
  ends: TransferEnds,
  symbol: string | null,
  coin: string,
  amount: string,
): MarginTransfer {
  return {
    from: ends.from,
    to: ends.to,
    coin,
    amount,
    ...(needsMarket(ends) && symbol ? { symbol } : {}),
  };
}
