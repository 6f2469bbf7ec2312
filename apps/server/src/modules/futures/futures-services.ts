import type { UserGate } from '../../kernel/http/auth';
import type { MarketData } from '../market-data';
import type { SimulatorRuns } from '../simulator';
import type { FuturesHost } from './futures-host';
import type { FuturesService } from './futures-service';
import type { PerpMarkets } from './perp-markets';

/** What the futures module uses of the app's services. */
export interface FuturesServices extends UserGate {
  futures: FuturesService;
  futuresHost: FuturesHost;
  perpMarkets: PerpMarkets;
  /**
   * The spot markets' data: a perpetual's simulator follows its spot
   * market's mid, and its made-up history is its spot market's.
   */
  marketData: Pick<MarketData, 'ticker' | 'klines'>;
  accounts: { ensureSystemUser(email: string): Promise<string> };
  simulators: SimulatorRuns;
}
