import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code can be sent again; start(n) begins a countdown. */
export function useCountdown(): { seconds: number; start(seconds: number): void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((s: number) => setDeadline(Date.now() + s * 1000), []);
  return { seconds, start };
}
