import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSpotBalances } from '../../../entities/balances/spot-balances';
import { invalidateValuation } from '../../../entities/balances/valuation';

/** Re-valuing on pushes at most this often: a busy account pushes many times a second. */
const REVALUE_EVERY_MS = 3_000;

/**
 * Spot balances, live: pushes on the private `balances` channel are merged
 * into the cached list; while the socket is not open the list is polled.
 */
export function useLiveBalances() {
  const queryClient = useQueryClient();
  const lastRevalue = useRef(0);
  return useSpotBalances({
    pollWhileDown: true,
    onPush() {
      // A coin the valuation did not price (a first deposit) needs a new valuation.
      const now = Date.now();
      if (now - lastRevalue.current > REVALUE_EVERY_MS) {
        lastRevalue.current = now;
        void invalidateValuation(queryClient);
      }
    },
  });
}
