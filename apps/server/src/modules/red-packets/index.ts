/** Red packets: coins frozen into escrow at once, shared by code, link and QR code, claimed once per user, refunded at expiry. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import type { RedPacketsRepos } from './red-packets-repositories';
import { redPacketsRoutes } from './red-packets-routes';
import type { RedPacketsServices } from './red-packets-services';

export const redPacketsModule: QuayModule<RedPacketsServices, RedPacketsRepos> = {
  name: 'red-packets',
  register({ app, services, config }) {
    if (runsWriters(config)) {
      services.redPackets.startTimer((err) => app.log.error({ err }, 'red packet expiry failed'));
    }
    app.addHook('onClose', () => services.redPackets.stop());
    redPacketsRoutes(app, services);
  },
};

export { RedPacketsService } from './red-packets-service';
export { redPacketSettingsOf, RED_PACKET_ESCROW } from './red-packet-settings';
export type { RedPacketsRepositories } from './red-packets-repositories';
