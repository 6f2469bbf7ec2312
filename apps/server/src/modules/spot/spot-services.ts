import type { LedgerSide } from '../../kernel/coins';
import type { UserGate } from '../../kernel/http/auth';
import type { SpotHost } from './spot-host';
import type { SpotMarkets } from './spot-markets';
import type { SpotService } from './spot-service';

/** What the spot module uses of the app's services. */
export interface SpotServices extends UserGate {
  spot: SpotService;
  spotMarkets: SpotMarkets;
  spotHost: SpotHost;
  /** A user's balances on one side, pushed on the balance channel after each batch. */
  ledger: { balances(userId: string, side: LedgerSide): Promise<unknown> };
}
