import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';
import { userInfoQuery } from './user-info';

export function logout(): Promise<null> {
  return request<null>('/v1/user/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled() {
      useSettings.getState().setLoginFlag(false);
      queryClient.setQueryData(userInfoQuery.queryKey, null);
    },
  });
}
