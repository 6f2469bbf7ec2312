import {
  API_KEY_PATHS,
  type ApiKeyRequest,
  type ApiKeyStatusChange,
  type ApiKeySummary,
  type CreateApiKey,
  type CreatedApiKey,
  type Page,
  type UpdateApiKey,
} from '@quay/core';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys', 'list'],
  queryFn: () => request<ApiKeySummary[]>(API_KEY_PATHS.list),
  staleTime: 10_000,
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** A mutation of the key list: the list is read again once it succeeds. */
function useKeyMutation<I extends object, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      request<O>(path, {
        method: 'POST',
        params: { ...input } as Record<string, unknown>,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

/** Creates a key; the answer holds its secret, which no later call shows. */
export const useCreateApiKey = () =>
  useKeyMutation<CreateApiKey, CreatedApiKey>(API_KEY_PATHS.create);
export const useUpdateApiKey = () =>
  useKeyMutation<UpdateApiKey, ApiKeySummary>(API_KEY_PATHS.update);
export const useApiKeyStatus = () =>
  useKeyMutation<ApiKeyStatusChange, ApiKeySummary>(API_KEY_PATHS.status);
export const useDeleteApiKey = () => useKeyMutation<{ apiKey: string }, null>(API_KEY_PATHS.delete);

/** One page of the public API calls made with a key, newest first. */
export function useApiKeyRequests(apiKey: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['api-keys', 'requests', apiKey, pageNo, pageSize],
    queryFn: () =>
      request<Page<ApiKeyRequest>>(API_KEY_PATHS.requests, {
        params: { apiKey, pageNo, pageSize },
      }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}
