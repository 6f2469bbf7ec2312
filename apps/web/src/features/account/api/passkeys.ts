import type { FactorCodes, PasskeyInfo, SessionAnswer } from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { request } from '../../../platform/request/client';
import { useSessionStarted } from './login';

export const passkeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'],
  queryFn: () => request<PasskeyInfo[]>('/v1/user/fido2/list'),
  staleTime: 10_000,
});

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

/** The whole registration: options from the server, the browser's ceremony, the server's check. */
export async function registerPasskey(name: string): Promise<PasskeyInfo> {
  const optionsJSON = await request<PublicKeyCredentialCreationOptionsJSON>(
    '/v1/user/fido2/start-register',
    { method: 'POST', params: {}, silent: true },
  );
  const credential = await startRegistration({ optionsJSON });
  return request<PasskeyInfo>('/v1/user/fido2/finish-register', {
    method: 'POST',
    params: { credential, name },
    silent: true,
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & FactorCodes) =>
      request<null>('/v1/user/fido2/remove', {
        method: 'POST',
        params: { ...input },
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

/** A login with a passkey: request options, the browser's ceremony, then verify-auth-login. */
export async function passkeyLogin(): Promise<SessionAnswer> {
  const optionsJSON = await request<PublicKeyCredentialRequestOptionsJSON>(
    '/v1/user/public/fido2/start-auth',
    { method: 'POST', params: {}, silent: true },
  );
  const assertion = await startAuthentication({ optionsJSON });
  return request<SessionAnswer>('/v1/user/login/verify-auth-login', {
    method: 'POST',
    params: { fidoVerifyCode: JSON.stringify(assertion) },
    silent: true,
  });
}

export function usePasskeyLogin() {
  const started = useSessionStarted();
  return useMutation({ mutationFn: passkeyLogin, onSuccess: started });
}
