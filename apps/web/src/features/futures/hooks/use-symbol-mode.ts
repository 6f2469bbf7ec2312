import type { MarginMode, PositionMode } from '@quay/core';
import { useSymbolSettings } from '../api/futures';

/** The user's settings of a perpetual, with the defaults new users start with (one-way, cross, 20x). */
export function useSymbolMode(symbol: string) {
  const settings = useSymbolSettings(symbol);
  const positionMode: PositionMode = settings.data?.positionMode ?? 1;
  const marginMode: MarginMode = settings.data?.marginMode ?? 2;
  const leverage = settings.data?.longLeverage ?? 20;
  return { positionMode, marginMode, leverage, hedge: positionMode === 2 };
}
