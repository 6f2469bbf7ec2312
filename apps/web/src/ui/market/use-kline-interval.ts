import { isKlineInterval, type KlineInterval } from '@quay/core';
import { useState } from 'react';
import { readItem, STORAGE_KEYS, writeItem } from '../../platform/storage/local-store';

const DEFAULT_INTERVAL: KlineInterval = '15m';

/** The chart interval, remembered across visits (spec section 3: kline interval in local storage). */
export function useKlineInterval(): [KlineInterval, (interval: KlineInterval) => void] {
  const [interval, setInterval] = useState<KlineInterval>(() => {
    const stored = readItem(STORAGE_KEYS.klineInterval);
    return stored && isKlineInterval(stored) ? stored : DEFAULT_INTERVAL;
  });
  return [
    interval,
    (next) => {
      writeItem(STORAGE_KEYS.klineInterval, next);
      setInterval(next);
    },
  ];
}
