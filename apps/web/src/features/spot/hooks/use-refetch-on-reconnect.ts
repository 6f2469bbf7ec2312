import { useQueryClient } from '@tanstack/react-query';
import { invalidateSpotBalances } from '../../../entities/balances/spot-balances';
import { invalidateMarkets } from '../../../entities/markets/markets';
import { invalidateOrders } from '../../../entities/orders/order-keys';
import { useLiveStatus } from '../../../platform/realtime/realtime';
import { invalidateMarketPieces } from '../../../ui/market/market-piece-keys';

/**
 * Pushes sent while the socket was down are lost: when it is open again, the
 * screen's REST snapshots (markets and tickers, trades and klines, orders and
 * fills, balances) are loaded anew. Mount once per screen.
 */
export function useRefetchOnReconnect(): void {
  const queryClient = useQueryClient();
  useLiveStatus(() => {
    void invalidateMarkets(queryClient, 'spot');
    void invalidateMarketPieces(queryClient, 'spot');
    void invalidateOrders(queryClient, 'spot');
    void invalidateSpotBalances(queryClient);
  });
}
