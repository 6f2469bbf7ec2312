/**
 * What copy trading shows: a futures owner's equity and open positions,
 * a copy as the follower sees it, a lead's figures over a period (ROI,
 * PnL, win rate, max drawdown from the daily equity points, followers,
 * AUM) and its equity curve.
 */
import type {
  CopyEquityPoint,
  CopyFollow,
  CopyFollowStatus,
  CopyLeader,
  CopyLeverageMode,
  CopyPeriod,
  CopyPosition,
  CopySizeMode,
  CopyStats,
  CopyTrade,
} from '@quay/core/copy-trading';
import { fromMinor, toMinor } from '../../kernel/money';
import { LONG, fromMinorText, pnlAt, type FuturesHost, type FuturesService } from '../futures';
import type { ActiveFollow } from './copy-copier';
import { Decimal, copyOwnerOf, symbolLeverageOf, type DecimalValue } from './copy-types';
import type { CopyTradingSettings } from './copy-trading-settings';
import type { CopyTradingStore } from './copy-trading-repositories';
import type { CopyFollowRow, CopyLeadRow, CopyTradeRow } from './copy-trading-repository';

const DAY = 86_400_000;
const COIN = 'USDT';

const pct = (part: DecimalValue, whole: DecimalValue): string =>
  whole.isZero() ? '0.00' : part.div(whole).times(100).toFixed(2, Decimal.ROUND_DOWN);

export class CopyViews {
  constructor(
    private readonly store: CopyTradingStore,
    private readonly host: FuturesHost,
    private readonly futures: FuturesService,
    private readonly settings: CopyTradingSettings,
    private readonly now: () => number,
    private readonly followersOf: (leadId: string) => ActiveFollow[],
    private readonly leadName: (leadId: string) => string,
  ) {}

  dayOf(time: number): number {
    return Math.floor((time + this.settings.dayOffset_ms) / DAY);
  }

  /** Wallet plus unrealised PnL of a futures owner, in USDT minor units. */
  equityOf(owner: string): bigint {
    return toMinor(this.futures.accounts.account(owner, 'real').marginBalance) ?? 0n;
  }

  /** What a copy has made: its equity now less the investment, plus the shares paid out of it. */
  pnlOf(f: CopyFollowRow): bigint {
    if (f.result !== null) return BigInt(f.result);
    return this.equityOf(copyOwnerOf(f.id)) - BigInt(f.investment) + BigInt(f.share_paid);
  }

  positionsOf(owner: string): CopyPosition[] {
    const equity = this.equityOf(owner);
    return this.host.ownerPositions(owner, COIN).map((p) => {
      const market = this.host.market(p.symbol);
      const mark = this.host.markOf(p.symbol);
      const qty = new Decimal(p.lots).times(market.config.lotSize);
      const margin = p.margin > 0n ? p.margin : p.cost / BigInt(Math.max(1, p.leverage));
      return {
        symbol: p.symbol,
        side: p.side === LONG ? 'long' : 'short',
        quantity: qty.toFixed(market.scale.quantityDecimals),
        entryPrice: new Decimal(fromMinor(p.cost)).div(qty).toFixed(market.scale.priceDecimals),
        markPrice: this.host.priceText(market, mark),
        leverage: p.leverage,
        marginShare: pct(new Decimal(margin.toString()), new Decimal(equity.toString())),
        unrealisedPnl: fromMinorText(mark ? pnlAt(market, p, mark) : 0n),
      };
    });
  }

  followOf(f: CopyFollowRow): CopyFollow {
    const owner = copyOwnerOf(f.id);
    const equity = this.equityOf(owner);
    return {
      followId: f.id,
      leadId: f.lead_id,
      nickname: this.leadName(f.lead_id),
      status: f.status as CopyFollowStatus,
      sizeMode: f.size_mode as CopySizeMode,
      size: f.size,
      leverageMode: f.leverage_mode as CopyLeverageMode,
      leverage: f.leverage,
      symbolLeverage: symbolLeverageOf(f),
      stopLoss: f.stop_loss === null ? null : fromMinorText(BigInt(f.stop_loss)),
      takeProfit: f.take_profit === null ? null : fromMinorText(BigInt(f.take_profit)),
      investment: fromMinorText(BigInt(f.investment)),
      equity: fromMinorText(equity),
      pnl: fromMinorText(this.pnlOf(f)),
      highWaterMark: fromMinorText(BigInt(f.hwm)),
      sharePaid: fromMinorText(BigInt(f.share_paid)),
      positions: this.positionsOf(owner),
      createdAt: f.created_at,
      stoppedAt: f.stopped_at,
    };
  }

  async leaderOf(lead: CopyLeadRow, period: CopyPeriod): Promise<CopyLeader> {
    return {
      leadId: lead.user_id,
      nickname: lead.nickname,
      shareRate: lead.share_rate,
      symbols: JSON.parse(lead.symbols) as string[],
      maxFollowers: this.settings.maxFollowers,
      since: lead.created_at,
      ...(await this.statsOf(lead.user_id, period)),
    };
  }

  async statsOf(leadId: string, period: CopyPeriod): Promise<CopyStats> {
    const since = this.now() - period * DAY;
    const trades = await this.store.repos.copyTrading.leadTrades(leadId, since);
    let pnl = 0n;
    let closing = 0;
    let wins = 0;
    for (const t of trades) {
      const realised = BigInt(t.realised);
      pnl += realised - BigInt(t.fee);
      if (realised !== 0n) {
        closing += 1;
        if (realised > 0n) wins += 1;
      }
    }
    const equity = this.equityOf(leadId);
    const base = equity - pnl;
    const follows = this.followersOf(leadId);
    const aum = follows.reduce((s, f) => s + this.equityOf(copyOwnerOf(f.id)), 0n);
    const curve = await this.curve(leadId, period);
    let peak = new Decimal(0);
    let drawdown = new Decimal(0);
    for (const point of curve) {
      const v = new Decimal(point.equity);
      if (v.gt(peak)) peak = v;
      else if (peak.gt(0)) {
        const dd = peak.minus(v).div(peak);
        if (dd.gt(drawdown)) drawdown = dd;
      }
    }
    return {
      period,
      roi: base > 0n ? pct(new Decimal(pnl.toString()), new Decimal(base.toString())) : '0.00',
      pnl: fromMinorText(pnl),
      winRate: pct(new Decimal(wins), new Decimal(closing)),
      maxDrawdown: drawdown.times(100).toFixed(2, Decimal.ROUND_DOWN),
      followers: follows.length,
      aum: fromMinorText(aum),
    };
  }

  /** The daily equity points of a lead within the period, and now. */
  async curve(leadId: string, period: CopyPeriod): Promise<CopyEquityPoint[]> {
    const today = this.dayOf(this.now());
    const points = await this.store.repos.copyTrading.equity(leadId, today - period);
    const out = points.map((p) => ({
      time: p.day * DAY - this.settings.dayOffset_ms,
      equity: fromMinorText(BigInt(p.equity)),
    }));
    out.push({ time: this.now(), equity: fromMinorText(this.equityOf(leadId)) });
    return out;
  }
}

export function tradeOf(r: CopyTradeRow): CopyTrade {
  return {
    id: r.id,
    followId: r.follow_id,
    symbol: r.symbol,
    side: r.side as 'buy' | 'sell',
    action: r.action as 'open' | 'close',
    status: r.status as 'filled' | 'skipped',
    quantity: r.quantity,
    price: r.price,
    realisedPnl: fromMinorText(BigInt(r.realised)),
    fee: fromMinorText(BigInt(r.fee)),
    reason: r.reason,
    time: r.created_at,
  };
}
