import type { UserGate } from '../../kernel/http/auth';
import type { CopyTradingService } from './copy-trading-service';

/** What the copy trading module uses of the app's services. */
export interface CopyTradingServices extends UserGate {
  copyTrading: CopyTradingService;
}
