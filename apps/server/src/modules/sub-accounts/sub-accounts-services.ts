import type { UserGate } from '../../kernel/http/auth';
import type { SessionService } from '../../kernel/sessions';
import type { UserInfo } from '@quay/core';
import type { SubAccountSettingsService } from './sub-account-settings';
import type { SubAccountSwitch } from './sub-account-switch';
import type { SubAccountService } from './sub-accounts-service';

/** What the sub-accounts module uses of the app's services. */
export interface SubAccountsServices extends UserGate {
  sessions: SessionService;
  subAccounts: SubAccountService;
  subAccountSwitch: SubAccountSwitch;
  subAccountSettings: SubAccountSettingsService;
  accounts: { userInfo(userRowId: string): Promise<UserInfo> };
}
