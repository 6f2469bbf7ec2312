import type { UserGate } from '../../kernel/http/auth';
import type { P2pOrders } from './p2p-orders';
import type { P2pService } from './p2p-service';

/** What the P2P module uses of the app's services. */
export interface P2pServices extends UserGate {
  p2p: P2pService;
  p2pOrders: P2pOrders;
}
