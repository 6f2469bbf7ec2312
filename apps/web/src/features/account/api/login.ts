import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';
import type { SessionAnswer } from '@quay/core';
import { userInfoQuery } from './user-info';

export interface LoginInput {
  loginName: string;
  pwd: string;
  areaCode?: string;
}

export function login(input: LoginInput): Promise<SessionAnswer> {
  return request<SessionAnswer>('/v1/user/login', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess(answer) {
      useSettings.getState().setLoginFlag(true);
      queryClient.setQueryData(userInfoQuery.queryKey, answer.userInfo);
      // Then ask the session itself, so every screen reads the user as the server now sees it.
      void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
    },
  });
}
