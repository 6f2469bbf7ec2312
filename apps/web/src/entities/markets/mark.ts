import { FUTURES_CHANNELS, FUTURES_PATHS, type MarkInfo } from '@quay/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../platform/realtime/realtime';
import { request } from '../../platform/request/client';
import { marketKeys } from './market-keys';

export function fetchMark(symbol: string): Promise<MarkInfo> {
  return request<MarkInfo>(FUTURES_PATHS.mark, { params: { symbol } });
}

export const markQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.mark(symbol),
    queryFn: () => fetchMark(symbol),
    staleTime: 5_000,
  });

/** Mark, index and funding of one perpetual, pushed every second on `mark:SYMBOL`. */
export function useMark(symbol: string): MarkInfo | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery(markQuery(symbol));
  useChannel<MarkInfo>(FUTURES_CHANNELS.mark(symbol), (mark) =>
    queryClient.setQueryData(markQuery(symbol).queryKey, mark),
  );
  return data;
}
