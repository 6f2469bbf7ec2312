/**
 * What the futures wallets hold frozen, for the ledger audit: the margin of
 * isolated positions (a cross position's margin is the wallet itself). Open
 * futures orders freeze nothing: what they would need is counted against
 * the wallet when an order comes, not set aside.
 */
import type { FrozenClaim, FrozenSource } from '../../kernel/ledger-audit';
import type { FuturesRepositories } from './futures-repositories';
import { fromDoc, walletOf, type Position } from './futures-state';
import type { PerpMarkets } from './perp-markets';

export async function isolatedMarginHoldings(
  repos: FuturesRepositories,
  markets: PerpMarkets,
): Promise<FrozenSource> {
  const claims: FrozenClaim[] = [];
  for (const text of await repos.futures.documents('futures_positions')) {
    const p = fromDoc<Position>(text);
    if (p.margin === 0n) continue;
    // A market no longer configured still names its coin as the symbol, so the difference shows.
    const coin = markets.get(p.symbol)?.config.quote ?? p.symbol;
    claims.push({ account: walletOf(p.owner), coin, amount: p.margin });
  }
  return { name: 'isolated positions', count: claims.length, claims };
}
