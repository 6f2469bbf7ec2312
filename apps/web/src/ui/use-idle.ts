import { useEffect, useState } from 'react';

/** The longest a deferred piece waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False on the first render, true once the browser has had an idle moment
 * after it (or after 2 s at most): what is shown only then loads after the
 * rest of the screen has been drawn and made interactive.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}
