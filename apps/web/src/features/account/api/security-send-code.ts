import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { CodeSent } from './send-code';

/** Sends a code for a change of factors to the user's own email or mobile. */
export function sendSecurityCode(input: { channel: 'email' | 'mobile' }): Promise<CodeSent> {
  return request<CodeSent>('/v1/user/security/send-code', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useSendSecurityCode() {
  return useMutation({ mutationFn: sendSecurityCode });
}
