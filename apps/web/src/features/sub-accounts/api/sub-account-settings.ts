import { type ApiKeySummary, type CreatedApiKey, type LoginRecord, type Page } from '@quay/core';
import {
  SUB_ACCOUNT_PATHS as P,
  type SubAccountApiKeyCreate,
  type SubAccountSettings,
} from '@quay/core/sub-accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { post } from './sub-accounts';

const settingsKeys = {
  all: (subUserId: string) => ['sub-accounts', 'settings', subUserId] as const,
  settings: (subUserId: string) => [...settingsKeys.all(subUserId), 'overview'] as const,
  history: (subUserId: string) => [...settingsKeys.all(subUserId), 'history'] as const,
  apiKeys: (subUserId: string) => [...settingsKeys.all(subUserId), 'api-keys'] as const,
};

const read = <T>(path: string, subUserId: string) =>
  request<T>(path, { params: { subUserId }, silent: true });

export const useSubSettings = (subUserId: string | null) =>
  useQuery({
    queryKey: settingsKeys.settings(subUserId ?? ''),
    queryFn: () => read<SubAccountSettings>(P.settings, subUserId ?? ''),
    enabled: subUserId !== null,
    staleTime: 10_000,
  });

export const useSubLoginHistory = (subUserId: string | null) =>
  useQuery({
    queryKey: settingsKeys.history(subUserId ?? ''),
    queryFn: () => read<Page<LoginRecord>>(P.loginHistory, subUserId ?? ''),
    enabled: subUserId !== null,
    staleTime: 10_000,
  });

export const useSubApiKeys = (subUserId: string | null) =>
  useQuery({
    queryKey: settingsKeys.apiKeys(subUserId ?? ''),
    queryFn: () => read<ApiKeySummary[]>(P.apiKeys, subUserId ?? ''),
    enabled: subUserId !== null,
    staleTime: 10_000,
  });

/** A change to one sub's settings: what the pages show of that sub is read again. */
function useSettingsMutation<I extends { subUserId: string }, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => post<O>(path, input),
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.all(input.subUserId) }),
  });
}

export const useSetSubAntiPhishing = () =>
  useSettingsMutation<{ subUserId: string; code: string }, SubAccountSettings>(P.antiPhishing);
export const useRevokeSubSession = () =>
  useSettingsMutation<{ subUserId: string; id: string }, null>(P.revokeSession);
export const useCreateSubApiKey = () =>
  useSettingsMutation<SubAccountApiKeyCreate, CreatedApiKey>(P.createApiKey);
export const useDeleteSubApiKey = () =>
  useSettingsMutation<{ subUserId: string; apiKey: string }, null>(P.deleteApiKey);
