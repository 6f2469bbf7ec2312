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

const HOUR = 3600_000;
/** The latest movements the answer lists. */
const FUND_EVENTS = 100;

export class FuturesMarketInfo {
  constructor(private readonly ctx: FuturesContext) {}

  marketInfos(side: LedgerSide): PerpMarketInfo[] {
    return this.ctx.markets.ofSide(side).map((m) => ({
      ...marketInfoOf(m.config, this.ctx.host.marketPriceBand_bps),
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

  /**
   * The fund's balance, its balance over time (after the last movement of
   * each hour) and its latest movements, from every movement it ever had.
   */
  async protectionFund(side: LedgerSide): Promise<ProtectionFund> {
    const coin = this.ctx.coinOf(side);
    const repo = this.ctx.store.repos.movements;
    const query = { userId: PROTECTION_FUND, coin };
    const [hours, latest] = await Promise.all([
      repo.sumsPerSpan(query, HOUR),
      repo.page(query, { order: 'newest', limit: FUND_EVENTS }),
    ]);
    const held = this.ctx.host.walletBalance(PROTECTION_FUND, coin);
    const balance = held.available + held.frozen;
    // Walk from the balance now, so the history ends where the fund stands.
    let running = hours.reduce((sum, h) => sum - h.amount, balance);
    const history = hours.map((h) => {
      running += h.amount;
      return { time: h.time, balance: fromMinorText(running) };
    });
    running = balance;
    const events = latest.map((move): ProtectionFundEvent => {
      const event: ProtectionFundEvent = {
        id: move.ref,
        kind: move.kind === 'fund_seed' ? 'seed' : move.amount > 0n ? 'inflow' : 'payout',
        symbol: move.ref.split(':')[1] ?? '',
        amount: fromMinorText(move.amount),
        balanceAfter: fromMinorText(running),
        time: move.time,
      };
      running -= move.amount;
      return event;
    });
    return { coin, balance: fromMinorText(balance), history, events };
  }
}
