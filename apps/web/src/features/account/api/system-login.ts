import type { SystemLoginAnswer } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSessionStarted } from './login';

/** Confirms a login from a new device with the code sent to the owner: a session or the second step. */
export function verifySystemLogin(input: {
  ticket: string;
  verifyCode: string;
}): Promise<SystemLoginAnswer> {
  return request<SystemLoginAnswer>('/v1/user/login/verifySystemLogin', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useVerifySystemLogin() {
  const started = useSessionStarted();
  return useMutation({
    mutationFn: verifySystemLogin,
    onSuccess(answer) {
      if ('token' in answer) started(answer);
    },
  });
}
