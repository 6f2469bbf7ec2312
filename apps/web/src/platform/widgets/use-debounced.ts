/** Debounced callbacks and values for searches and filters (spec section 9: 300 ms). */
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_DEBOUNCE_MS } from './widget-defaults';

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel: () => void;
}

/** Holds the newest callback, so the debounced function need not change with it. */
class Latest<A extends unknown[]> {
  constructor(public callback: (...args: A) => void) {}
  replace(callback: (...args: A) => void): void {
    this.callback = callback;
  }
}

function debounce<A extends unknown[]>(latest: Latest<A>, delayMs: number): DebouncedCallback<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => latest.callback(...args), delayMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/**
 * Calls `callback` once calls have stopped for `delayMs`, with the last
 * arguments. The newest `callback` is used, so a caller need not memoise it,
 * and the returned function keeps its identity while the delay stays the
 * same. A pending call is dropped when the component unmounts.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number = DEFAULT_DEBOUNCE_MS,
): DebouncedCallback<A> {
  const [latest] = useState(() => new Latest(callback));
  useEffect(() => latest.replace(callback), [latest, callback]);
  const debounced = useMemo(() => debounce(latest, delayMs), [latest, delayMs]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}

/** The value as it was once it stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = DEFAULT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
