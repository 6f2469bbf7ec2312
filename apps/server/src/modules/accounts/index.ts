/** Accounts: registration, login, sessions' routes, referrals, login history, the second factor and account security. */
import type { QuayModule } from '../../kernel/module';
import type { AccountsServices } from './accounts-services';
import { accountSecurityRoutes } from './account-security-routes';
import { agencyRoutes } from './agency-routes';
import { registerBothRoutes } from './register-both-routes';
import { systemLoginRoutes } from './system-login-routes';
import { loginWaysRoutes } from './login-ways-routes';
import { secondFactorRoutes } from './second-factor-routes';
import { thirdPartyAccountRoutes } from './third-party-account-routes';
import { thirdPartyRoutes } from './third-party-routes';
import { userRoutes } from './user-routes';

export const accountsModule: QuayModule<AccountsServices> = {
  name: 'accounts',
  register({ app, services, config }) {
    userRoutes(app, services, config);
    secondFactorRoutes(app, services, config);
    accountSecurityRoutes(app, services, config);
    loginWaysRoutes(app, services, config);
    agencyRoutes(app, services, config);
    systemLoginRoutes(app, services, config);
    registerBothRoutes(app, services, config);
    thirdPartyRoutes(app, services, config);
    thirdPartyAccountRoutes(app, services, config);
  },
};

export { AccountService, emailAddress, normaliseAreaCode } from './accounts';
export { SYSTEM_PASSWORD_HASH } from './accounts';
export { ACCOUNT_FAILURES } from './login-throttle';
export { SecondFactorService } from './second-factor';
export { AccountSecurityService, unfreezeAccount } from './account-security';
export { DeviceWatch } from './device-watch';
export { LoginWaysService } from './login-ways';
export { ThirdPartyService } from './third-party';
export { OidcLogin } from './oidc-login';
export { WalletLogin } from './wallet-login';
export { VerifyCodeService } from './verify-codes';
export { AgencyService, grantAgency, revokeAgency } from './agency';
export { SystemLoginService } from './system-login';
export { LoginOptionsService } from './login-options';
export type { AccountsRepositories } from './accounts-repositories';
export { clientOf } from './account-http';
export { hashPassword, verifyPassword } from './passwords';
