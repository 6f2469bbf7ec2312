import type { UserGate } from '../../kernel/http/auth';
import type { SessionService } from '../../kernel/sessions';
import type { AccountService } from './accounts';
import type { AccountSecurityService } from './account-security';
import type { LoginWaysService } from './login-ways';
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
  thirdParty: ThirdPartyService;
  oidcLogin: OidcLogin;
  walletLogin: WalletLogin;
}
