import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeStatus } from '../../../platform/realtime/realtime';

/**
 * Pushes sent while the socket was down are lost: when it is open again,
 * the screen's REST snapshots (tickers, trades, orders, balances) are loaded
 * anew. Mount once per screen.
 */
export function useRefetchOnReconnect(): void {
  const status = useRealtimeStatus();
  const queryClient = useQueryClient();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting') wasDown.current = true;
    if (status !== 'open' || !wasDown.current) return;
    wasDown.current = false;
    void queryClient.invalidateQueries({ queryKey: ['spot'] });
    void queryClient.invalidateQueries({ queryKey: ['asset', 'balances'] });
  }, [status, queryClient]);
}
