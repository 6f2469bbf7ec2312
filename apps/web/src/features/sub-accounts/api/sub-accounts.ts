import { type SessionAnswer } from '@quay/core';
import {
  SUB_ACCOUNT_PATHS as P,
  type SubAccountList,
  type SubAccountState,
  type SubAccountSummary,
  type SubAccountTransfer,
  type SubAccountTransferRequest,
} from '@quay/core/sub-accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export const subAccountKeys = {
  all: ['sub-accounts'] as const,
  list: () => [...subAccountKeys.all, 'list'] as const,
  transfers: () => [...subAccountKeys.all, 'transfers'] as const,
  state: () => [...subAccountKeys.all, 'state'] as const,
};

export const subAccountsQuery = queryOptions({
  queryKey: subAccountKeys.list(),
  queryFn: () => request<SubAccountList>(P.list, { silent: true }),
  staleTime: 10_000,
});

export const useSubAccounts = () => useQuery(subAccountsQuery);

export const useSubTransfers = () =>
  useQuery({
    queryKey: subAccountKeys.transfers(),
    queryFn: () => request<SubAccountTransfer[]>(P.transfers),
    staleTime: 10_000,
  });

/** Who the session is: a sub switched into from its main shows the way back. */
export const useSubAccountState = (enabled: boolean) =>
  useQuery({
    queryKey: subAccountKeys.state(),
    queryFn: () => request<SubAccountState>(P.state, { silent: true }),
    staleTime: 5 * 60_000,
    enabled,
  });

/** A POST whose errors the caller shows. */
export function post<O>(path: string, params: object): Promise<O> {
  return request<O>(path, {
    method: 'POST',
    params: { ...params } as Record<string, unknown>,
    silent: true,
  });
}

/** A change to the subs or their coins: the list and the transfers are read again. */
function useSubMutation<I extends object, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => post<O>(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}

export const useCreateSubAccount = () =>
  useSubMutation<{ name: string }, SubAccountSummary>(P.create);
export const useFreezeSubAccount = () =>
  useSubMutation<{ userId: string }, SubAccountSummary>(P.freeze);
export const useUnfreezeSubAccount = () =>
  useSubMutation<{ userId: string }, SubAccountSummary>(P.unfreeze);
export const useSubTransfer = () =>
  useSubMutation<SubAccountTransferRequest, SubAccountTransfer>(P.transfer);

/**
 * Switching replaces the session cookie (the main's is kept beside it by
 * the server); the page then loads afresh so nothing the other account
 * read stays in memory.
 */
export function switchIntoSub(userId: string): Promise<SessionAnswer> {
  return post<SessionAnswer>(P.switchWeb, { userId });
}

export function switchBackToMain(): Promise<SessionAnswer> {
  return post<SessionAnswer>(P.switchBack, {});
}
