import type { ApiKeyService } from '../api-keys';
import type { LedgerService } from '../assets';
import type { FuturesHost, FuturesService, PerpMarkets } from '../futures';
import type { MarginService } from '../margin';
import type { MarketData } from '../market-data';
import type { SpotMarkets, SpotService } from '../spot';
import type { PublicApiService } from './public-api-service';

/**
 * What the public API uses of the app's services: the key check, and the
 * same spot, futures, market data and asset services as the web app.
 */
export interface PublicApiServices {
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'authenticateLogin' | 'isActive' | 'requests'>;
  spot: Pick<
    SpotService,
    'placeOrder' | 'cancelOrder' | 'cancelAll' | 'openOrders' | 'orderHistory' | 'fills' | 'plans'
  >;
  spotMarkets: Pick<SpotMarkets, 'resolve' | 'ofSide'>;
  marketData: Pick<MarketData, 'markets' | 'ticker' | 'depth' | 'trades' | 'klines'>;
  futures: FuturesService;
  futuresHost: Pick<FuturesHost, 'allPositions'>;
  perpMarkets: Pick<PerpMarkets, 'ofSide' | 'resolve'>;
  ledger: Pick<LedgerService, 'coins' | 'depositAddress'>;
  margin: Pick<MarginService, 'borrow' | 'repay' | 'account' | 'transfer'>;
  publicApi: PublicApiService;
}
