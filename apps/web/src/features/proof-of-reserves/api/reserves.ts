import { type Page } from '@quay/core';
import { RESERVES_PATHS, type ReservesProof, type ReservesSnapshot } from '@quay/core/earn';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

/** The newest snapshot (public); null before the first. */
export function useLatestReserves() {
  return useQuery({
    queryKey: ['reserves', 'latest'],
    queryFn: () => request<ReservesSnapshot | null>(RESERVES_PATHS.latest, { silent: true }),
    staleTime: 60_000,
  });
}

export function useReservesHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['reserves', 'history', pageNo, pageSize],
    queryFn: () =>
      request<Page<ReservesSnapshot>>(RESERVES_PATHS.history, {
        params: { pageNo, pageSize },
        silent: true,
      }),
  });
}

/** The caller's own leaf and path in the newest snapshot (the server finds it by the session). */
export function useMyProof(enabled: boolean) {
  return useQuery({
    queryKey: ['reserves', 'proof'],
    queryFn: () => request<ReservesProof>(RESERVES_PATHS.proof, { silent: true }),
    enabled,
    retry: false,
  });
}
