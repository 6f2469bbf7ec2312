import type { UserGate } from '../../kernel/http/auth';
import type { SpotHost } from '../spot';
import type { LedgerService } from './ledger-service';

/** What the assets module uses of the app's services. */
export interface AssetsServices extends UserGate {
  ledger: LedgerService;
  spotHost: SpotHost;
}
