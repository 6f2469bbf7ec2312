import type { ApiKeyService } from '../api-keys';
import type { SpotMarkets, SpotService } from '../spot';
import type { PublicApiService } from './public-api-service';

/** What the public API uses of the app's services: the key check and the same spot service as the web. */
export interface PublicApiServices {
  apiKeys: Pick<ApiKeyService, 'authenticate'>;
  spot: Pick<SpotService, 'placeOrder' | 'cancelOrder'>;
  spotMarkets: Pick<SpotMarkets, 'resolve'>;
  publicApi: PublicApiService;
}
