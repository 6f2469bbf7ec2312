import type { Banner } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchBanners() {
  return request<Banner[]>('/public/banners', { silent: true });
}

export const bannersQuery = queryOptions({
  queryKey: ['content', 'banners'],
  queryFn: fetchBanners,
  staleTime: 5 * 60_000,
});

export function useBanners() {
  return useQuery(bannersQuery);
}
