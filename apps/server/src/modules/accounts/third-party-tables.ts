/**
 * Tables of third-party and wallet sign-in (`0028_third_party_login`): the
 * identities linked to accounts, the identities waiting to be bound
 * (serialNO), OpenID Connect flows between the button and the callback, and
 * wallet sign-in nonces. Timestamps are epoch milliseconds.
 */
/** An identity at a provider that logs its account in. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  /** The provider's id: an OIDC provider's configured id, 'telegram' or 'wallet'. */
  provider: string;
  kind: 'oidc' | 'telegram' | 'wallet';
  /** Who the provider says it is: the OIDC `sub`, the Telegram id, the address in lower case. */
  subject: string;
  label: string;
  created_at: number;
  last_used_at: number | null;
}

/** An identity no account has yet, handed to the browser as its serialNO. */
export interface ThirdPartyPendingTable {
  serial_hash: string;
  provider: string;
  kind: 'oidc' | 'telegram' | 'wallet';
  subject: string;
  label: string;
  /** The address the provider vouches for (verified), else null. */
  email: string | null;
  /** SHA-256 of the wallet signature that produced it (wallet/check names it so). */
  proof_hash: string | null;
  /** The account a password proved (third/check and its kin), to bind at bind/choose. */
  bound_user_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface OidcFlowsTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  device_hash: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface WalletNoncesTable {
  nonce: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export type ThirdPartyTables = {
  user_identities: UserIdentitiesTable;
  third_party_pending: ThirdPartyPendingTable;
  oidc_flows: OidcFlowsTable;
  wallet_nonces: WalletNoncesTable;
};
