import type { AssetRecord, WithdrawRequest } from '@quay/core';
import type { UserGate } from '../../kernel/http/auth';
import type { ClientInfo } from '../../kernel/sessions';
import type { SwapService } from './swap-service';

/** The codes of a second factor as a request carries them. */
export interface FactorCodes {
  googleCode?: string | undefined;
  emailCode?: string | undefined;
  mobileCode?: string | undefined;
}

/** What the swap module uses of the app's services. */
export interface SwapServices extends UserGate {
  swap: SwapService;
  /** Spot withdrawals: the swap's withdrawal is one, frozen until the operator approves. */
  ledger: { requestWithdrawal(userId: string, request: WithdrawRequest): Promise<AssetRecord> };
  accountSecurity: { assertMayWithdraw(userRowId: string): Promise<void> };
  secondFactor: {
    confirmProductChange(
      userRowId: string,
      codes: FactorCodes,
      client: ClientInfo,
    ): Promise<boolean>;
  };
}
