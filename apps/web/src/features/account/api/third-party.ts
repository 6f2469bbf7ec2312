import {
  THIRD_PARTY_PATHS as P,
  type FactorCodes,
  type LinkedIdentity,
  type PendingIdentity,
  type ThirdPartyProviders,
  type ThirdPartySignAnswer,
  type WalletNonce,
} from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createSiweMessage } from 'viem/siwe';
import { request } from '../../../platform/request/client';

export const thirdProvidersQuery = queryOptions({
  queryKey: ['account', 'third-providers'],
  queryFn: () => request<ThirdPartyProviders>(P.providers, { silent: true }),
  staleTime: 60_000,
});

export function useThirdProviders() {
  return useQuery(thirdProvidersQuery);
}

/** How an identity's provider is named: the configured name of an OIDC provider, else Telegram or Wallet. */
export function useProviderName(): (provider: string) => string {
  const { t } = useTranslation();
  const { data } = useThirdProviders();
  return (provider) =>
    provider === 'telegram' || provider === 'wallet'
      ? t(`thirdParty.kind.${provider}`)
      : (data?.oidc.find((p) => p.id === provider)?.name ?? provider);
}

const post = <T>(path: string, params: Record<string, unknown>) =>
  request<T>(path, { method: 'POST', params, silent: true });

/** Sends the browser to the provider's sign-in page. */
export async function beginOidc(provider: string): Promise<void> {
  const { url } = await post<{ url: string }>(P.oauthAuthorize, { provider });
  window.location.assign(url);
}

/** The provider sent the browser back: its query is the token. */
export const oauthSign = (query: string) =>
  post<ThirdPartySignAnswer>(P.oauthSign, { token: query.replace(/^\?/, '') });

export const telegramSign = (sign: string) => post<ThirdPartySignAnswer>(P.tgSign, { sign });

/** An EIP-1193 provider as wallets inject it. */
interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function injectedWallet(): Eip1193 | null {
  return (window as unknown as { ethereum?: Eip1193 }).ethereum ?? null;
}

/** Sign-In with Ethereum: a nonce from the server, the wallet signs the EIP-4361 message. */
export async function walletSignIn(): Promise<{ answer: ThirdPartySignAnswer; signature: string }> {
  const wallet = injectedWallet();
  if (!wallet) throw new Error('no wallet');
  const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as `0x${string}`[];
  const chainId = Number(await wallet.request({ method: 'eth_chainId' }));
  const issued = await post<WalletNonce>(P.walletNonce, {});
  if (!address) throw new Error('no account');
  const message = createSiweMessage({
    address,
    chainId: issued.chainIds.includes(chainId) ? chainId : (issued.chainIds[0] ?? 1),
    domain: issued.domain,
    uri: issued.uri,
    nonce: issued.nonce,
    version: '1',
    issuedAt: new Date(),
    expirationTime: new Date(issued.expiresAt),
    statement: 'Sign in to Quay',
  });
  const signature = (await wallet.request({
    method: 'personal_sign',
    params: [message, address],
  })) as string;
  const answer = await post<ThirdPartySignAnswer>(P.walletSign, {
    publicAddress: address,
    signature,
    message,
  });
  return { answer, signature };
}

/** A pending identity as the bind screen keeps it across the redirect. */
export interface StoredPending extends PendingIdentity {
  /** The wallet signature wallet/check names the identity by. */
  signature?: string;
}

const PENDING_KEY = 'quay.third-party.pending';

export function keepPending(pending: StoredPending): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

export function keptPending(): StoredPending | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    const pending = raw ? (JSON.parse(raw) as StoredPending) : null;
    // An expired serialNO is refused anyway: start again from the login page.
    return pending && pending.expiresAt > Date.now() ? pending : null;
  } catch {
    return null;
  }
}

export function dropPending(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

export type PendingKind = 'oidc' | 'telegram' | 'wallet';

export function kindOf(pending: PendingIdentity): PendingKind {
  return pending.provider === 'telegram' || pending.provider === 'wallet'
    ? pending.provider
    : 'oidc';
}

/** The password of an existing account proves it (the path by kind and by login name). */
export function proveAccount(
  pending: StoredPending,
  login: { loginName: string; pwd: string; areaCode?: string },
): Promise<PendingIdentity> {
  const kind = kindOf(pending);
  if (kind === 'wallet') {
    return post(P.walletCheck, { ...login, areaCode: undefined, signature: pending.signature });
  }
  if (login.areaCode !== undefined) {
    return post(P.thirdBindCheck, { ...login, serialNO: pending.serialNO });
  }
  const path = kind === 'telegram' ? P.tgCheckUserExit : P.thirdCheck;
  return post(path, { loginName: login.loginName, pwd: login.pwd, serialNO: pending.serialNO });
}

export const bindChoose = (serialNO: string, email?: string) =>
  post<ThirdPartySignAnswer>(P.bindChoose, { serialNO, email });

/** A new account for the identity: the provider's address, or one confirmed by a mailed code. */
export function registerPending(
  pending: StoredPending,
  contact: { email: string; code?: string },
): Promise<ThirdPartySignAnswer> {
  const { serialNO } = pending;
  const { email, code } = contact;
  if (code === undefined) return post(P.registerGoogle, { serialNO, email });
  const kind = kindOf(pending);
  if (kind === 'oidc') return post(P.registerApple, { serialNO, email, emailCode: code });
  const path = kind === 'telegram' ? P.registerTg : P.registerWallet;
  return post(path, { serialNO, email, verifyCode: code });
}

export const openVirtual = (serialNO: string) =>
  post<ThirdPartySignAnswer>(P.tgGenerateVirtual, { serialNO });

export const linkedQuery = queryOptions({
  queryKey: ['account', 'linked-identities'],
  queryFn: () => request<LinkedIdentity[]>(P.list),
  staleTime: 10_000,
});

export function useLinkedIdentities() {
  return useQuery(linkedQuery);
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & FactorCodes) => post<null>(P.unbind, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedQuery.queryKey }),
  });
}
