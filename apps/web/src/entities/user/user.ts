import { USERINFO_PATH, type UserInfo } from '@quay/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import {
  readSessionItem,
  SESSION_KEYS,
  writeSessionItem,
} from '../../platform/storage/session-store';
import { useSettings } from '../../platform/settings/settings-store';

/** The cache keys of the signed-in user as every screen reads it. */
export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

/** The current user, or null when logged out (the call resolves quietly then). */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  const user = await request<UserInfo | null>(USERINFO_PATH);
  // The login flag follows the session.
  useSettings.getState().setLoginFlag(user !== null);
  return user;
}

export const userInfoQuery = queryOptions({
  queryKey: userKeys.info(),
  queryFn: fetchUserInfo,
  staleTime: 60_000,
  retry: false,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

/**
 * A new session (login, its second step, registration): the login flag and
 * the user the answer carried, then the session itself asked again, so every
 * screen reads the user as the server now sees it.
 */
export function setSignedIn(queryClient: QueryClient, user: UserInfo): void {
  useSettings.getState().setLoginFlag(true);
  queryClient.setQueryData(userInfoQuery.queryKey, user);
  void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
}

/** The session ended (logout, or the server says it expired): no user on any screen. */
export function setSignedOut(queryClient: QueryClient): void {
  useSettings.getState().setLoginFlag(false);
  queryClient.setQueryData(userInfoQuery.queryKey, null);
}

/** The user has just registered in this tab: greeted as new for the rest of the tab's session. */
export function markNewAccount(userId: string): void {
  writeSessionItem(SESSION_KEYS.newAccount, userId);
}

/** Whether `user` registered in this tab (another user logging in here later is not). */
export function isNewAccount(user: UserInfo | null | undefined): boolean {
  return !!user && readSessionItem(SESSION_KEYS.newAccount) === user.userId;
}
