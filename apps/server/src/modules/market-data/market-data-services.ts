import type { BookSnapshot, MarketEvents } from '../../kernel/market-events';
import type { SimulatorLedger, SimulatorRuns, SimulatorSpot } from '../simulator';
import type { SpotMarkets } from '../spot';
import type { MarketData } from './market-data';

/** What the market-data module uses of the app's services. */
export interface MarketDataServices {
  marketData: MarketData;
  spotMarkets: SpotMarkets;
  spotHost: MarketEvents & { book(symbol: string, levels: number): BookSnapshot };
  spot: SimulatorSpot;
  ledger: SimulatorLedger;
  accounts: { ensureSystemUser(email: string): Promise<string> };
  simulators: SimulatorRuns;
}
