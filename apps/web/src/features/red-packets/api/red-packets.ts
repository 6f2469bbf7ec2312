import type { Page, SecondFactorStatus } from '@quay/core';
import {
  RED_PACKET_PATHS,
  type RedPacketClaim,
  type RedPacketCreate,
  type RedPacketInfo,
  type RedPacketReceived,
  type RedPacketSent,
} from '@quay/core/swap-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';

export const redPacketKeys = {
  all: ['red-packets'] as const,
  info: (code: string) => ['red-packets', 'info', code] as const,
  list: (kind: 'sent' | 'received', pageNo: number) => ['red-packets', kind, pageNo] as const,
};

export const PAGE_SIZE = 10;

/** What a code shows (public; with the caller's share once logged in and claimed). */
export function useRedPacketInfo(code: string) {
  return useQuery({
    queryKey: redPacketKeys.info(code),
    queryFn: () =>
      request<RedPacketInfo>(RED_PACKET_PATHS.info, { params: { code }, silent: true }),
    retry: false,
  });
}

export function useSentPackets(pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: redPacketKeys.list('sent', pageNo),
    queryFn: () =>
      request<Page<RedPacketSent>>(RED_PACKET_PATHS.sent, {
        params: { pageNo, pageSize: PAGE_SIZE },
      }),
    enabled,
  });
}

export function useReceivedPackets(pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: redPacketKeys.list('received', pageNo),
    queryFn: () =>
      request<Page<RedPacketReceived>>(RED_PACKET_PATHS.received, {
        params: { pageNo, pageSize: PAGE_SIZE },
      }),
    enabled,
  });
}

/** Which second factors the account has on (for the code fields create may ask for). */
export function useFactors(enabled: boolean) {
  return useQuery({
    queryKey: ['red-packets', 'factors'],
    queryFn: () => request<SecondFactorStatus>('/v1/user/security/factors'),
    staleTime: 30_000,
    enabled,
  });
}

/** A POST of red packets: the lists, the packet and the balances are read again afterwards. */
function useRedPacketPost<I extends object, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) =>
      request<O>(path, { method: 'POST', params: body as Record<string, unknown>, silent: true }),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: redPacketKeys.all });
      void invalidateBalances(queryClient);
    },
  });
}

export const useCreatePacket = () =>
  useRedPacketPost<RedPacketCreate, RedPacketSent>(RED_PACKET_PATHS.create);
export const useClaimPacket = () =>
  useRedPacketPost<RedPacketClaim, RedPacketReceived>(RED_PACKET_PATHS.claim);
export const useSendCode = () =>
  useRedPacketPost<{ channel: 'email' | 'mobile' }, unknown>('/v1/user/security/send-code');
