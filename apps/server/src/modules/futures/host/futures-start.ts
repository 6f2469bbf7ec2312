/** The futures host at start: the protection fund's seed, and the state rebuilt from the store. */
import type { PositionMode } from '@quay/core';
import { DEMO_SOURCE, EXTERNAL_ACCOUNT, Journal } from '../../../kernel/journal';
import {
  PROTECTION_FUND,
  fromDoc,
  walletOf,
  type Order,
  type Plan,
  type Position,
  type SymbolSettings,
} from '../futures-state';
import type { FuturesHostState } from './futures-host-state';

/** Credits the protection fund's seed once per settlement coin, from outside the exchange. */
export async function seedFund(host: FuturesHostState): Promise<void> {
  if (host.options.fundSeed <= 0n) return;
  const coins = new Map<string, 'real' | 'demo'>();
  for (const m of host.perpMarkets.all()) coins.set(m.config.quote, m.side);
  const now = host.options.now();
  await host.store.transaction(async (repos) => {
    const held = await repos.ledger.balancesOf([PROTECTION_FUND]);
    const journal = new Journal(now);
    for (const [coin, side] of coins) {
      if (held.some((b) => b.coin === coin)) continue;
      const source = side === 'demo' ? DEMO_SOURCE : EXTERNAL_ACCOUNT;
      journal.post(`fund-seed:${coin}`, 'fund_seed', [
        { userId: source, coin, bucket: 'available', amount: -host.options.fundSeed },
        { userId: PROTECTION_FUND, coin, bucket: 'available', amount: host.options.fundSeed },
      ]);
    }
    await journal.flush(repos);
  });
}

/**
 * Builds the state again from the store: settings, open positions, waiting
 * plans, every live order back in its book in the order it came, and the
 * wallets of everyone who holds any of them. A market keeps its prices and
 * its funding rate; the jump in its sequence tells depth subscribers to
 * take a new snapshot.
 */
export async function rebuild(host: FuturesHostState): Promise<void> {
  host.positions.clear();
  host.live.clear();
  host.liveByOwner.clear();
  host.positionsByOwner.clear();
  host.plans.clear();
  host.settings.clear();
  host.modes.clear();
  host.wallets.clear();
  for (const [symbol, state] of host.markets) {
    const fresh = host.freshMarket(state.market);
    fresh.seq = state.seq + 2;
    fresh.lastTicks = state.lastTicks;
    fresh.markTicks = state.markTicks;
    fresh.index = state.index;
    fresh.basis = state.basis;
    fresh.lastFundingRate = state.lastFundingRate;
    host.markets.set(symbol, fresh);
  }
  const repo = host.store.repos.futures;
  host.nextOrderId = (await repo.maxId('futures_orders')) + 1;
  host.nextFillId = (await repo.maxId('futures_fills')) + 1;
  host.nextPlanId = (await repo.maxId('futures_plans')) + 1;
  for (const text of await repo.documents('futures_settings')) applySettings(host, text);
  for (const text of await repo.documents('futures_positions', { minLots: 1 })) {
    const p = fromDoc<Position>(text);
    host.addPosition(p);
  }
  for (const text of await repo.documents('futures_plans', { statuses: ['WAITING'] })) {
    const plan = fromDoc<Plan>(text);
    host.plans.set(plan.id, plan);
  }
  for (const text of await repo.liveOrders()) {
    const order = fromDoc<Order>(text);
    const state = host.markets.get(order.symbol);
    if (!state) throw new Error(`futures order ${order.id} is in unknown market ${order.symbol}`);
    const events = state.book.execute({
      type: 'limit',
      orderId: order.id,
      userId: host.userNumber(order.owner),
      side: order.side,
      price: order.priceTicks,
      quantity: order.lots - order.filledLots,
      timeInForce: 'GTC',
      time: order.createdAt,
    });
    if (events[0]?.type !== 'accepted')
      throw new Error(`futures order ${order.id} did not rest again`);
    host.addLive(order);
  }
  // Every futures wallet, not only those behind a position or an order: a
  // wallet's balance is read synchronously, and one left out would read 0.
  await host.loadEveryWallet();
  const owners = new Set<string>([PROTECTION_FUND]);
  for (const p of host.positions.values()) owners.add(p.owner);
  for (const o of host.live.values()) owners.add(o.owner);
  await host.loadWallets([...owners].map(walletOf));
}

/** A stored settings document (a symbol's leverage and margin mode, or a coin's position mode) into the state. */
export function applySettings(host: FuturesHostState, text: string): void {
  const doc = fromDoc<{ key: string; settings?: SymbolSettings; mode?: PositionMode }>(text);
  if (doc.settings) host.settings.set(doc.key, doc.settings);
  if (doc.mode) host.modes.set(doc.key, doc.mode);
}
