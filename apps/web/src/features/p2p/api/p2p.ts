import type { SecondFactorStatus } from '@quay/core';
import {
  P2P_CHANNELS,
  P2P_PATHS,
  type AddP2pPaymentMethod,
  type ConfirmP2pRelease,
  type EditP2pAd,
  type P2pFile,
  type P2pMerchant,
  type P2pOrderPush,
  type OpenP2pOrder,
  type P2pAd,
  type P2pMessage,
  type P2pOrder,
  type P2pPaymentMethod,
  type P2pSide,
  type PublishP2pAd,
} from '@quay/core/p2p';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannel, useLiveStatus } from '../../../platform/realtime/realtime';
import { request } from '../../../platform/request/client';

export interface AdFilter {
  side: P2pSide;
  coin: string;
  fiat: string;
}

export const adsQuery = (filter: AdFilter) =>
  queryOptions({
    queryKey: ['p2p', 'ads', filter],
    queryFn: () => request<P2pAd[]>(P2P_PATHS.ads, { params: { ...filter } }),
    staleTime: 5_000,
  });

export const useAds = (filter: AdFilter) => useQuery(adsQuery(filter));

export const useMyAds = () =>
  useQuery({ queryKey: ['p2p', 'my-ads'], queryFn: () => request<P2pAd[]>(P2P_PATHS.myAds) });

export const useMyOrders = () =>
  useQuery({
    queryKey: ['p2p', 'orders'],
    queryFn: () => request<P2pOrder[]>(P2P_PATHS.orders),
    refetchInterval: 10_000,
  });

export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['p2p', 'payment-methods'],
    queryFn: () => request<P2pPaymentMethod[]>(P2P_PATHS.paymentMethods),
  });

/**
 * An order: the private socket channel pushes each change and chat line of
 * it (useOrderPushes); read again every few seconds only while the socket is down.
 */
export const useOrder = (orderId: string) => {
  const { fallbackPoll } = useLiveStatus();
  return useQuery({
    queryKey: ['p2p', 'order', orderId],
    queryFn: () => request<P2pOrder>(P2P_PATHS.order, { params: { orderId } }),
    refetchInterval: fallbackPoll,
  });
};

export const useMessages = (orderId: string) => {
  const { fallbackPoll } = useLiveStatus();
  return useQuery({
    queryKey: ['p2p', 'messages', orderId],
    queryFn: () => request<P2pMessage[]>(P2P_PATHS.messages, { params: { orderId } }),
    refetchInterval: fallbackPoll,
  });
};

/** Follows an order's pushes: new chat lines join its chat, a change of state reads it again. */
export function useOrderPushes(orderId: string) {
  const client = useQueryClient();
  useChannel<P2pOrderPush>(P2P_CHANNELS.orders, (push) => {
    if (push.orderId !== orderId) {
      void client.invalidateQueries({ queryKey: ['p2p', 'orders'] });
      return;
    }
    client.setQueryData<P2pMessage[]>(['p2p', 'messages', orderId], (old) => {
      if (!old) return old;
      const known = new Set(old.map((m) => m.id));
      return [...old, ...push.messages.filter((m) => !known.has(m.id))];
    });
    void client.invalidateQueries({ queryKey: ['p2p', 'order', orderId] });
  });
}

/** An image of an order (chat or evidence), as a data URL; it never changes. */
export const useOrderFile = (orderId: string, fileId: string) =>
  useQuery({
    queryKey: ['p2p', 'file', orderId, fileId],
    queryFn: () => request<P2pFile>(P2P_PATHS.file, { params: { orderId, fileId } }),
    select: (file) => `data:${file.type};base64,${file.data}`,
    staleTime: Infinity,
  });

export const useMerchant = (userId: string) =>
  useQuery({
    queryKey: ['p2p', 'merchant', userId],
    queryFn: () => request<P2pMerchant>(P2P_PATHS.merchant, { params: { userId } }),
  });

/** Which second factors confirm a sensitive step (the account's own). */
export const useFactors = () =>
  useQuery({
    queryKey: ['p2p', 'factors'],
    queryFn: () => request<SecondFactorStatus>('/v1/user/security/factors'),
    staleTime: 30_000,
  });

/** A POST of P2P; everything P2P shows is read again once it succeeds. */
function useP2pPost<I extends object, O>(path: string) {
  const client = useQueryClient();
  const post = (input: I) =>
    request<O>(path, { silent: true, method: 'POST', params: input as Record<string, unknown> });
  return useMutation({
    mutationFn: post,
    // Images never change: they are not read again.
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['p2p'], predicate: (q) => q.queryKey[1] !== 'file' }),
  });
}

export const useAddPaymentMethod = () =>
  useP2pPost<AddP2pPaymentMethod, P2pPaymentMethod>(P2P_PATHS.addPaymentMethod);
export const useRemovePaymentMethod = () =>
  useP2pPost<{ id: string }, P2pPaymentMethod[]>(P2P_PATHS.removePaymentMethod);
export const usePublishAd = () => useP2pPost<PublishP2pAd, P2pAd>(P2P_PATHS.publishAd);
export const useAdChange = (change: 'pause' | 'resume' | 'close') =>
  useP2pPost<{ advId: string }, P2pAd>(
    change === 'pause'
      ? P2P_PATHS.pauseAd
      : change === 'resume'
        ? P2P_PATHS.resumeAd
        : P2P_PATHS.closeAd,
  );
export const useOpenOrder = () => useP2pPost<OpenP2pOrder, P2pOrder>(P2P_PATHS.openOrder);
export const useMarkPaid = () => useP2pPost<{ orderId: string }, P2pOrder>(P2P_PATHS.markPaid);
export const useCancelOrder = () =>
  useP2pPost<{ orderId: string }, P2pOrder>(P2P_PATHS.cancelOrder);
export const useRelease = () => useP2pPost<ConfirmP2pRelease, P2pOrder>(P2P_PATHS.confirmRelease);
export const useAppeal = () =>
  useP2pPost<{ orderId: string; reason: string }, P2pOrder>(P2P_PATHS.appeal);
export const useSendMessage = () =>
  useP2pPost<{ orderId: string; text: string }, P2pMessage>(P2P_PATHS.sendMessage);
export const useSendCode = () =>
  useP2pPost<{ channel: 'email' | 'mobile' }, unknown>('/v1/user/security/send-code');
export const useSendImage = () =>
  useP2pPost<{ orderId: string; data: string }, P2pMessage>(P2P_PATHS.sendImage);
export const useAddEvidence = () =>
  useP2pPost<{ orderId: string; data: string }, P2pOrder>(P2P_PATHS.addEvidence);
export const useFeedback = () =>
  useP2pPost<{ orderId: string; positive: boolean; comment?: string }, P2pOrder>(
    P2P_PATHS.feedback,
  );
export const useEditAd = () => useP2pPost<EditP2pAd, P2pAd>(P2P_PATHS.editAd);
