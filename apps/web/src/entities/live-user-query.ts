import {
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useChannel, useLiveStatus } from '../platform/realtime/realtime';
import { useSettings } from '../platform/settings/settings-store';

/**
 * The user's own data while logged in, kept live by a private channel (each
 * push handed to `onPush`), and polled while the socket is down when asked.
 */
export function useLiveUserQuery<T, K extends QueryKey, P>(
  options: UseQueryOptions<T, Error, T, K>,
  channel: string,
  onPush: (queryClient: QueryClient, pushed: P) => void,
  pollWhileDown: boolean,
): UseQueryResult<T> {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const { fallbackPoll } = useLiveStatus();
  const query = useQuery({
    ...options,
    enabled: loggedIn,
    refetchInterval: pollWhileDown ? fallbackPoll : false,
  });
  useChannel<P>(loggedIn ? channel : null, (pushed) => onPush(queryClient, pushed));
  return query;
}
