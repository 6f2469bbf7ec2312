import type { AntiPhishingChange, SecurityOverview } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { securityOverviewQuery } from './security-overview';

export function setAntiPhishingCode(change: AntiPhishingChange): Promise<SecurityOverview> {
  return request<SecurityOverview>('/v1/user/security/anti-phishing', {
    method: 'POST',
    params: { ...change },
    silent: true,
  });
}

export function useSetAntiPhishingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAntiPhishingCode,
    onSuccess(overview) {
      queryClient.setQueryData(securityOverviewQuery.queryKey, overview);
    },
  });
}
