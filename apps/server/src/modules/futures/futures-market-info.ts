/**
 * Public figures of the perpetuals: the markets with their tiers, mark,
 * index and funding, the settled funding rates, and the protection fund.
 */
import type {
  FundingRateRecord,
  MarkInfo,
  Page,
  PerpMarketInfo,
  ProtectionFund,
  ProtectionFundEvent,
} from '@quay/core';
import type { FuturesContext } from './futures-context';
import { fromMinorText } from './futures-host';
import { PROTECTION_FUND } from './futures-state';
import { marketInfoOf } from '../spot';
import type { LedgerSide } from '../../kernel/coins';
import { pageAnswer, type Paging } from '../../kernel/http/paging';

export class FuturesMarketInfo {
  constructor(private readonly ctx: FuturesContext) {}

  marketInfos(side: LedgerSide): PerpMarketInfo[] {
    return this.ctx.markets.ofSide(side).map((m) => ({
      ...marketInfoOf(m.config),
      pair: m.config.pair,
      maxLeverage: m.maxLeverage,
      tiers: [...m.config.tiers],
      fundingIntervalMs: this.ctx.fundingIntervalMs,
    }));
  }

  markInfo(symbol: string, side: LedgerSide): MarkInfo {
    const market = this.ctx.market(symbol, side);
    const s = this.ctx.host.markState(market.config.symbol);
    return {
      symbol: market.config.symbol,
      markPrice: s.markTicks ? this.ctx.host.priceText(market, s.markTicks) : '',
      indexPrice: s.index ? s.index.toFixed(market.scale.priceDecimals) : '',
      lastPrice: s.lastTicks ? this.ctx.host.priceText(market, s.lastTicks) : '',
      fundingRate: s.fundingRate.toFixed(),
      lastFundingRate: s.lastFundingRate ? s.lastFundingRate.toFixed() : '',
      interestRate: s.interestRate.toFixed(),
      nextFundingTime: s.nextFundingTime,
      fundingIntervalMs: this.ctx.fundingIntervalMs,
      time: s.time,
    };
  }

  async fundingRates(
    symbol: string,
    side: LedgerSide,
    paging: Paging,
  ): Promise<Page<FundingRateRecord>> {
    const market = this.ctx.market(symbol, side);
    const { total, rows } = await this.ctx.store.repos.futures.page('futures_funding', {
      userId: '@rate',
      symbols: [market.config.symbol],
      offset: paging.offset,
      limit: paging.limit,
    });
    return pageAnswer(
      paging,
      total,
      rows.map((r) => JSON.parse(r) as FundingRateRecord),
    );
  }

  async protectionFund(side: LedgerSide): Promise<ProtectionFund> {
    const coin = this.ctx.coinOf(side);
    const entries = await this.ctx.store.repos.ledger.entriesOf(PROTECTION_FUND, coin, 5000);
    // Oldest first, one movement per reference.
    const byRef = new Map<string, { kind: string; amount: bigint; time: number; ref: string }>();
    for (const e of entries) {
      const prev = byRef.get(e.ref);
      if (prev) prev.amount += BigInt(e.amount);
      else
        byRef.set(e.ref, {
          kind: e.kind,
          amount: BigInt(e.amount),
          time: Number(e.created_at),
          ref: e.ref,
        });
    }
    const moves = [...byRef.values()]
      .filter((m) => m.amount !== 0n)
      .sort((a, b) => a.time - b.time);
    const held = this.ctx.host.walletBalance(PROTECTION_FUND, coin);
    const balance = held.available + held.frozen;
    // Walk back from the balance now, so the history ends where the fund stands.
    let running = balance;
    const events: ProtectionFundEvent[] = [];
    for (let i = moves.length - 1; i >= 0; i--) {
      const m = moves[i] as (typeof moves)[number];
      events.push({
        id: m.ref,
        kind: m.kind === 'fund_seed' ? 'seed' : m.amount > 0n ? 'inflow' : 'payout',
        symbol: m.ref.split(':')[1] ?? '',
        amount: fromMinorText(m.amount),
        balanceAfter: fromMinorText(running),
        time: m.time,
      });
      running -= m.amount;
    }
    const history: Array<{ time: number; balance: string }> = [];
    const hour = 3600_000;
    for (const e of [...events].reverse()) {
      const slot = Math.floor(e.time / hour) * hour;
      const last = history[history.length - 1];
      if (last && Math.floor(last.time / hour) * hour === slot) {
        last.balance = e.balanceAfter;
        last.time = e.time;
      } else {
        history.push({ time: e.time, balance: e.balanceAfter });
      }
    }
    return { coin, balance: fromMinorText(balance), history, events: events.slice(0, 100) };
  }
}
