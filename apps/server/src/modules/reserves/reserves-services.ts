import type { UserGate } from '../../kernel/http/auth';
import type { ReservesService } from './reserves-service';

/** What the reserves module uses of the app's services. */
export interface ReservesServices extends UserGate {
  reserves: ReservesService;
}
