import { USERINFO_PATH, type UserInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';

/** The current user, or null when logged out (the call resolves quietly then). */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  const user = await request<UserInfo | null>(USERINFO_PATH);
  // The login flag follows the session.
  useSettings.getState().setLoginFlag(user !== null);
  return user;
}

export const userInfoQuery = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: fetchUserInfo,
  staleTime: 60_000,
  retry: false,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}
