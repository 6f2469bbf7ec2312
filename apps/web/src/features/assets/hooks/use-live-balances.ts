import { WS_CHANNELS, type Balance } from '@quay/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useChannel, useRealtimeStatus } from '../../../platform/realtime/realtime';
import { balancesQuery, useBalances } from '../api/balances';
import { mergeBalances } from '../utils/valuation';

/** Polling while the socket is down, so the figures never freeze for long. */
const FALLBACK_POLL_MS = 5_000;
/** Re-valuing on pushes at most this often: a busy account pushes many times a second. */
const REVALUE_EVERY_MS = 3_000;

/**
 * Spot balances, live: pushes on the private `balances` channel are merged
 * into the cached list; while the socket is not open the list is polled.
 */
export function useLiveBalances() {
  const queryClient = useQueryClient();
  const status = useRealtimeStatus();
  const lastRevalue = useRef(0);
  const query = useBalances(status === 'open' ? false : FALLBACK_POLL_MS);

  useChannel<Balance[]>(WS_CHANNELS.balances, (pushed) => {
    queryClient.setQueryData(balancesQuery().queryKey, (current) =>
      current ? mergeBalances(current, pushed) : current,
    );
    // A coin the valuation did not price (a first deposit) needs a new valuation.
    const now = Date.now();
    if (now - lastRevalue.current > REVALUE_EVERY_MS) {
      lastRevalue.current = now;
      void queryClient.invalidateQueries({ queryKey: ['asset', 'valuation'] });
    }
  });

  return query;
}
