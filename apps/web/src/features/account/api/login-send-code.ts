import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { CodeSent } from './send-code';

/** Sends the login code of a ticket's account to its email or mobile. */
export function sendLoginCode(input: {
  ticket: string;
  channel: 'email' | 'mobile';
}): Promise<CodeSent> {
  return request<CodeSent>('/v1/user/login/send-code', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}
