import type { UserGate } from '../../kernel/http/auth';
import type { ApiKeyService } from './api-keys-service';

/** What the API keys module uses of the app's services. */
export interface ApiKeysServices extends UserGate {
  apiKeys: ApiKeyService;
}
