import { FUTURES_CHANNELS } from '@quay/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useChannel } from '../../../platform/realtime/realtime';

/** Refreshing on pushes at most this often: a busy account pushes many times a second. */
const REFRESH_EVERY_MS = 1_000;

/**
 * The futures order lists follow the account live: a push on `futures.orders`
 * or `futures.plans` (the realtime facade names the demo side's) refreshes what the page shows,
 * since a filtered, paged list cannot simply take the pushed order in.
 */
export function useLiveFuturesRecords() {
  const queryClient = useQueryClient();
  const last = useRef({ orders: 0, plans: 0 });
  const refresh = (what: 'orders' | 'plans', keys: string[][]) => {
    const now = Date.now();
    if (now - last.current[what] < REFRESH_EVERY_MS) return;
    last.current[what] = now;
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  useChannel(FUTURES_CHANNELS.orders, () =>
    refresh('orders', [
      ['record', 'futures-orders'],
      ['record', 'futures-fills'],
    ]),
  );
  useChannel(FUTURES_CHANNELS.plans, () => refresh('plans', [['record', 'futures-plans']]));
}
