import { demoCoinOf, type CoinInfo } from '@quay/core';
import { useQuery } from '@tanstack/react-query';
import { coinsQuery } from '../../../entities/coins/coins';
import { isSimulationOn } from '../../../platform/simulation/simulation-mode';

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
    ...coinsQuery,
    select: (coins) => new Map(withDemoTwins(coins)),
  });
}
