import type { UserGate } from '../../kernel/http/auth';
import type { FeesService } from './fees-service';

/** What the fees module uses of the app's services. */
export interface FeesServices extends UserGate {
  fees: FeesService;
}
