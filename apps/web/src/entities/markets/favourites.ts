import { useCallback, useSyncExternalStore } from 'react';
import {
  onItemChange,
  readItem,
  removeItem,
  STORAGE_KEYS,
  writeItem,
} from '../../platform/storage/local-store';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: readonly string[] = [];

function read(): readonly string[] {
  const raw = readItem(STORAGE_KEYS.favouriteMarkets);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cached = Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    cached = [];
  }
  return cached;
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  // Stars set in another tab show here too.
  const stop = onItemChange(STORAGE_KEYS.favouriteMarkets, notify);
  return () => {
    listeners.delete(notify);
    stop();
  };
}

/** Starred markets (spot symbols and perpetual symbols), kept in local storage; the spot list and the markets page share them. */
export function useFavourites(): {
  favourites: readonly string[];
  toggle: (symbol: string) => void;
} {
  const favourites = useSyncExternalStore(subscribe, read, () => cached);
  const toggle = useCallback((symbol: string) => {
    const current = read();
    const next = current.includes(symbol)
      ? current.filter((s) => s !== symbol)
      : [...current, symbol];
    if (next.length === 0) removeItem(STORAGE_KEYS.favouriteMarkets);
    else writeItem(STORAGE_KEYS.favouriteMarkets, JSON.stringify(next));
    for (const notify of [...listeners]) notify();
  }, []);
  return { favourites, toggle };
}
