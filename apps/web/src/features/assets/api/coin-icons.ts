import { demoCoinOf, type CoinInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { isSimulationOn } from '../../../platform/simulation/simulation-mode';

export function fetchCoinIcons() {
  return request<CoinInfo[]>('/public/coins', { silent: true });
}

export const coinIconsQuery = queryOptions({
  queryKey: ['asset', 'coin-icons'],
  queryFn: fetchCoinIcons,
  staleTime: 5 * 60_000,
});

/** A coin and, in simulation mode, its demo twin (SBTC shows Bitcoin's name and icon). */
const withDemoTwins = (coins: CoinInfo[]): [string, CoinInfo][] =>
  coins.flatMap((c): [string, CoinInfo][] =>
    isSimulationOn()
      ? [
          [c.coin, c],
          [demoCoinOf(c.coin), { ...c, coin: demoCoinOf(c.coin) }],
        ]
      : [[c.coin, c]],
  );

/** Coin names and the icons the server ships, by coin code. */
export function useCoinIcons() {
  return useQuery({
    ...coinIconsQuery,
    select: (coins) => new Map(withDemoTwins(coins)),
  });
}
