import { useQuery } from '@tanstack/react-query';
import { coinsQuery } from '../../../entities/coins/coins';

/**
 * Coin names and the icons the server ships, by coin code. In simulation
 * mode the server lists the demo twins too (SBTC as "Demo Bitcoin", with
 * Bitcoin's icon).
 */
export function useCoinIcons() {
  return useQuery({
    ...coinsQuery,
    select: (coins) => new Map(coins.map((c) => [c.coin, c])),
  });
}
