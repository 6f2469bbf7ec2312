/** API keys: a user's keys for the public API (scopes, IP allow-list, passphrase) and the check of every signed key request. */
import type { QuayModule } from '../../kernel/module';
import { apiKeysRoutes } from './api-keys-routes';
import type { ApiKeysServices } from './api-keys-services';

export const apiKeysModule: QuayModule<ApiKeysServices> = {
  name: 'api-keys',
  register({ app, services }) {
    apiKeysRoutes(app, services);
    services.apiKeys.requests.start();
    app.addHook('onClose', () => services.apiKeys.requests.stop());
  },
};

export { apiKeySealingKey } from './api-key-secrets';
export { ApiKeyService } from './api-keys-service';
export type { KeyCaller, SignedRequest, SocketLogin } from './api-keys-service';
export type { ApiKeysRepositories } from './api-keys-repositories';
