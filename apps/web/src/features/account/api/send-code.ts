import { useMutation } from '@tanstack/react-query';
import type { VerifyPurpose } from '@quay/core';
import { request } from '../../../platform/request/client';

export type CodeTarget = { email: string } | { mobile: string; areaCode: string };

export interface CodeSent {
  expireSeconds: number;
  resendSeconds: number;
}

export function sendCode(input: { bizType: VerifyPurpose } & CodeTarget): Promise<CodeSent> {
  return request<CodeSent>('/v1/msg/verify-code/send', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
