import type { UserGate } from '../../kernel/http/auth';
import type { EarnService } from './earn-service';

/** What the earn module uses of the app's services. */
export interface EarnServices extends UserGate {
  earn: EarnService;
}
