import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { setSignedOut } from '../../../entities/user/user';

export function logout(): Promise<null> {
  return request<null>('/v1/user/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled() {
      setSignedOut(queryClient);
    },
  });
}
