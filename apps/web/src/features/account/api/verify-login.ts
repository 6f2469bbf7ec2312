import type { FactorCodes, SessionAnswer } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSessionStarted } from './login';

export interface VerifyLoginInput extends FactorCodes {
  ticket: string;
}

/** The second step of a login: the ticket and the code of every factor it asked for. */
export function verifyLogin(
  input: VerifyLoginInput,
  path = '/v1/user/login/verify-login',
): Promise<SessionAnswer> {
  return request<SessionAnswer>(path, {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

/** verify-login, or another path of the same step (third/securityVerify after a third-party login). */
export function useVerifyLogin(path?: string) {
  const started = useSessionStarted();
  return useMutation({
    mutationFn: (input: VerifyLoginInput) => verifyLogin(input, path),
    onSuccess: started,
  });
}
