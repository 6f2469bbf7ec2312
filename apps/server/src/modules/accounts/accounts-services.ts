import type { UserGate } from '../../kernel/http/auth';
import type { SessionService } from '../../kernel/sessions';
import type { AccountService } from './accounts';
import type { AccountSecurityService } from './account-security';
import type { LoginWaysService } from './login-ways';
import type { AgencyService } from './agency';
import type { LoginOptionsService } from './login-options';
import type { SystemLoginService } from './system-login';
import type { OidcLogin } from './oidc-login';
import type { SecondFactorService } from './second-factor';
import type { ThirdPartyService } from './third-party';
import type { WalletLogin } from './wallet-login';

/** What the accounts module uses of the app's services. */
export interface AccountsServices extends UserGate {
  accounts: AccountService;
  sessions: SessionService;
  secondFactor: SecondFactorService;
  accountSecurity: AccountSecurityService;
  loginWays: LoginWaysService;
  systemLogin: SystemLoginService;
  loginOptions: LoginOptionsService;
  agency: AgencyService;
  thirdParty: ThirdPartyService;
  oidcLogin: OidcLogin;
  walletLogin: WalletLogin;
}
