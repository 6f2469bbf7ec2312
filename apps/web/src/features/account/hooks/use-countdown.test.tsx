import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('the resend countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down from the server resend seconds to zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.seconds).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.seconds).toBe(60);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(59);
    act(() => void vi.advanceTimersByTime(58_000));
    expect(result.current.seconds).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(0);
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current.seconds).toBe(0);
  });
});
