import type { FactorCodes, SessionAnswer } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSessionStarted } from './login';

export interface VerifyLoginInput extends FactorCodes {
  ticket: string;
}

/** The second step of a login: the ticket and the code of every factor it asked for. */
export function verifyLogin(input: VerifyLoginInput): Promise<SessionAnswer> {
  return request<SessionAnswer>('/v1/user/login/verify-login', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useVerifyLogin() {
  const started = useSessionStarted();
  return useMutation({ mutationFn: verifyLogin, onSuccess: started });
}
