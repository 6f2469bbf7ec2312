import type { UserGate } from '../../kernel/http/auth';
import type { RedPacketsService } from './red-packets-service';

/** What the red packets module uses of the app's services. */
export interface RedPacketsServices extends UserGate {
  redPackets: RedPacketsService;
}
