import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';
import type { ReferralFields, SessionAnswer } from '@quay/core';
import { userInfoQuery } from './user-info';

export type RegisterInput = ReferralFields & { pwd: string; rePwd: string; verifyCode: string } & (
    { kind: 'email'; email: string } | { kind: 'mobile'; mobile: string; areaCode: string }
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
      useSettings.getState().setLoginFlag(true);
      queryClient.setQueryData(userInfoQuery.queryKey, answer.userInfo);
      // Then ask the session itself, so every screen reads the user as the server now sees it.
      void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
    },
  });
}
