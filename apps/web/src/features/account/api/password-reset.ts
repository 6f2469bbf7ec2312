import type { PasswordReset, ResetRequirements } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { CodeSent } from './send-code';

interface ResetStart {
  email: string;
  verifyCode: string;
}

/** Checks the mailed reset code; answers the factors the reset also needs. */
export function checkResetCode(input: ResetStart): Promise<ResetRequirements> {
  return request<ResetRequirements>('/v1/user/password/forgot/verify', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

/** Sends the reset's mobile code to the account's own number. */
export function sendResetMobileCode(input: ResetStart): Promise<CodeSent> {
  return request<CodeSent>('/v1/user/password/forgot/send-code', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

/** The new password (sent encrypted, as login's); withdrawals then wait 24 hours. */
export function resetPassword(input: PasswordReset): Promise<{ withdrawHeldUntil: number }> {
  return request<{ withdrawHeldUntil: number }>('/v1/user/password/reset', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode });
}

export function useSendResetMobileCode() {
  return useMutation({ mutationFn: sendResetMobileCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
