/** Sub-accounts: a main account's subs, their assets, freezing, transfers, API keys, and switching into them. */
import type { QuayModule } from '../../kernel/module';
import { subAccountSettingsRoutes } from './sub-account-settings-routes';
import { subAccountsRoutes } from './sub-accounts-routes';
import type { SubAccountsServices } from './sub-accounts-services';

export const subAccountsModule: QuayModule<SubAccountsServices> = {
  name: 'sub-accounts',
  register({ app, services, config }) {
    // A sub's session switched into from a main's ends when that session of the main ends
    // (logout, a new password, a freeze, a revoked device).
    services.sessions.addDependents((hashes) => services.subAccountSwitch.switchedFrom(hashes));
    subAccountsRoutes(app, services, config);
    subAccountSettingsRoutes(app, services);
  },
};

export { SubAccountService } from './sub-accounts-service';
export { SubAccountSwitch } from './sub-account-switch';
export { SubAccountSettingsService } from './sub-account-settings';
export type { SubAccountsRepositories } from './sub-accounts-repositories';
