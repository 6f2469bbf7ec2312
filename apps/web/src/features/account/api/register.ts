import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { ReferralFields, SessionAnswer } from '@quay/core';
import { markNewAccount, setSignedIn } from '../../../entities/user/user';

export type RegisterInput = ReferralFields & { pwd: string; rePwd: string; verifyCode: string } & (
    | { kind: 'email'; email: string }
    | { kind: 'mobile'; mobile: string; areaCode: string }
    // Both at once: verifyCode is the texted code, emailVerifyCode the mailed one.
    | {
        kind: 'mobileAndEmail';
        email: string;
        mobile: string;
        areaCode: string;
        emailVerifyCode: string;
      }
  );

export function register(input: RegisterInput): Promise<SessionAnswer> {
  const { kind, ...fields } = input;
  // The server refuses unknown and empty fields: send only what is filled in.
  const params = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
  return request<SessionAnswer>(`/v1/user/register/${kind}`, {
    method: 'POST',
    params,
    silent: true,
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess(answer) {
      markNewAccount(answer.userInfo.userId);
      setSignedIn(queryClient, answer.userInfo);
    },
  });
}
