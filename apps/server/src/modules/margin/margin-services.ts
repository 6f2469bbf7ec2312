import type { UserGate } from '../../kernel/http/auth';
import type { MarginOrders } from './margin-orders';
import type { MarginRisk } from './margin-risk';
import type { MarginService } from './margin-service';

/** What the margin module uses of the app's services. */
export interface MarginServices extends UserGate {
  margin: MarginService;
  marginOrders: MarginOrders;
  /** Pool and fund seeding, hourly interest, margin calls and liquidation. */
  marginRisk: MarginRisk;
}
