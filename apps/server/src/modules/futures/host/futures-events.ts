/**
 * A futures batch as an event every process hears (host/futures-link.ts):
 * made by the writer once the batch has run, and applied by a gateway to
 * its copy of the writer's state. Every order, plan and position travels
 * whole (the copy takes it as it is), the wallets of the owners a batch
 * touched with their balances, and every market's prices and funding.
 */
import { Decimal } from '@quay/core';
import { PROTECTION_FUND, walletOf } from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesHostState } from './futures-host-state';
import type { FuturesEvent, MarketMarks } from './futures-link';
import { applySettings } from './futures-start';

/** The order statuses that rest in a book (futures-repository.ts reads the same). */
const LIVE = new Set(['NEW', 'PARTIALLY_FILLED']);

export function eventOf(host: FuturesHostState, batch: FuturesBatch): FuturesEvent {
  const changes = batch.touched.changes(host.markets, (symbol, side, priceTicks) => {
    const { market, book } = host.marketState(symbol);
    return [
      host.priceText(market, priceTicks),
      host.lotsText(market, book.levelQuantity(side, priceTicks)),
    ];
  });
  const coins = new Set([...host.markets.values()].map((s) => s.market.config.quote));
  const wallets: FuturesEvent['wallets'] = [];
  for (const owner of batch.owners) {
    const account = owner === PROTECTION_FUND ? owner : walletOf(owner);
    for (const coin of coins) {
      const w = host.wallets.get(`${account}|${coin}`);
      if (w) wallets.push([`${account}|${coin}`, { ...w }]);
    }
  }
  const marks: MarketMarks[] = [...host.markets.values()].map((s) => ({
    symbol: s.market.config.symbol,
    lastTicks: s.lastTicks,
    markTicks: s.markTicks,
    index: s.index?.toString() ?? null,
    basis: s.basis?.toString() ?? null,
    premiumSum: s.premiumSum.toString(),
    premiumCount: s.premiumCount,
    lastFundingRate: s.lastFundingRate?.toString() ?? null,
    nextFundingTime: s.nextFundingTime,
  }));
  return {
    seq: 0,
    trades: batch.trades,
    changes,
    orders: [...batch.orders.values()].map((o) => ({ ...o })),
    plans: [...batch.plans.values()].map((p) => ({ ...p })),
    positions: [...batch.positions.values()].map((p) => ({ ...p })),
    settings: [...batch.settings.values()].map((doc) => doc.data),
    owners: [...batch.owners],
    wallets,
    marks,
    ticked: batch.ticked,
  };
}

/** A gateway's copy of the state takes what a commit changed. */
export function applyEvent(host: FuturesHostState, event: FuturesEvent): void {
  for (const order of event.orders) {
    host.dropLive(order);
    if (LIVE.has(order.status)) host.addLive(order);
  }
  for (const plan of event.plans) {
    if (plan.status === 'WAITING') host.plans.set(plan.id, plan);
    else host.plans.delete(plan.id);
  }
  for (const p of event.positions) host.addPosition(p);
  for (const text of event.settings) applySettings(host, text);
  for (const [key, w] of event.wallets) host.wallets.set(key, w);
  const decimal = (text: string | null) => (text === null ? null : new Decimal(text));
  for (const m of event.marks) {
    const state = host.markets.get(m.symbol);
    if (!state) continue;
    state.lastTicks = m.lastTicks;
    state.markTicks = m.markTicks;
    state.index = decimal(m.index);
    state.basis = decimal(m.basis);
    state.premiumSum = new Decimal(m.premiumSum);
    state.premiumCount = m.premiumCount;
    state.lastFundingRate = decimal(m.lastFundingRate);
    state.nextFundingTime = m.nextFundingTime;
  }
}
