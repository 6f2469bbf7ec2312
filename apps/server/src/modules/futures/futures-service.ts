/**
 * Perpetual futures for the routes and channels, in four parts over one
 * shared context: public market figures (`info`), the futures wallet and its
 * settings (`accounts`), positions, orders and plans (`trading`), and the
 * records (`records`); `wire` shapes the host's state for the wire.
 */
import { FuturesAccounts } from './futures-accounts';
import { FuturesContext } from './futures-context';
import type { FuturesHost } from './futures-host';
import { FuturesMarketInfo } from './futures-market-info';
import { FuturesRecords } from './futures-records';
import { FuturesTrading } from './futures-trading';
import { FuturesWire } from './futures-wire';
import type { PerpMarket, PerpMarkets } from './perp-markets';
import type { SpotHost } from '../spot';
import type { FuturesStore as Store } from './futures-repositories';
import type { LedgerSide } from '../../kernel/coins';
import type { MarketData } from '../market-data';

export class FuturesService {
  readonly info: FuturesMarketInfo;
  readonly accounts: FuturesAccounts;
  readonly trading: FuturesTrading;
  readonly records: FuturesRecords;
  readonly wire: FuturesWire;
  private readonly context: FuturesContext;
  /** The perpetuals' market data (tickers, depth, trades, klines), once the module has started it. */
  liveData: MarketData | null = null;

  constructor(
    store: Store,
    host: FuturesHost,
    spotHost: SpotHost,
    readonly markets: PerpMarkets,
    fundingIntervalMs: number,
  ) {
    this.context = new FuturesContext(store, host, spotHost, markets, fundingIntervalMs);
    this.wire = new FuturesWire(host);
    this.info = new FuturesMarketInfo(this.context);
    this.accounts = new FuturesAccounts(this.context);
    this.trading = new FuturesTrading(this.context, this.wire);
    this.records = new FuturesRecords(this.context, this.wire);
    // The host refuses a TP/SL beyond the liquidation price it shows.
    host.liquidationPriceOf = (p) => this.wire.liquidationOf(p);
  }

  /** A perpetual as a caller on one side names it (its symbol or its pair). */
  market(symbol: string, side: LedgerSide): PerpMarket {
    return this.context.market(symbol, side);
  }
}
