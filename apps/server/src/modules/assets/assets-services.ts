import type { UserGate } from '../../kernel/http/auth';
import type { SpotHost } from '../spot';
import type { LedgerService } from './ledger-service';

/** What the assets module uses of the app's services. */
export interface AssetsServices extends UserGate {
  ledger: LedgerService;
  spotHost: SpotHost;
  /** Accounts' hold on withdrawals (24 hours after a password reset). */
  accountSecurity: { assertMayWithdraw(userRowId: string): Promise<void> };
}
