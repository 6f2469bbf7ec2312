import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_KEYS,
  onItemChange,
  readFlag,
  readItem,
  removeItem,
  writeFlag,
  writeItem,
} from './local-store';

describe('local storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores and reads the named keys under its own versioned prefix', () => {
    expect(writeItem(STORAGE_KEYS.klineInterval, '15m')).toBe(true);
    expect(readItem(STORAGE_KEYS.klineInterval)).toBe('15m');
    expect(window.localStorage.getItem('quay.v1.klineInterval')).toBe('15m');
    removeItem(STORAGE_KEYS.klineInterval);
    expect(readItem(STORAGE_KEYS.klineInterval)).toBeNull();
  });

  it('ignores writes with an empty key or value', () => {
    expect(writeItem('', 'x')).toBe(false);
    expect(writeItem(STORAGE_KEYS.klineInterval, '')).toBe(false);
    expect(writeItem(STORAGE_KEYS.klineInterval, null)).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps guide, tip and IP dialog flags by name', () => {
    writeFlag('guide', 'spot', true);
    writeFlag('ipDialog', 'restricted', true);
    expect(readFlag('guide', 'spot')).toBe(true);
    expect(readFlag('tip', 'spot')).toBe(false);
    writeFlag('guide', 'spot', false);
    expect(readFlag('guide', 'spot')).toBe(false);
    expect(readFlag('ipDialog', 'restricted')).toBe(true);
  });

  it('reports changes that another tab makes', () => {
    const listener = vi.fn();
    const stop = onItemChange(STORAGE_KEYS.simulation, listener);
    // What the browser delivers when another tab writes the key.
    window.localStorage.setItem('quay.v1.simulation', '1');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'quay.v1.simulation',
        newValue: '1',
        storageArea: window.localStorage,
      }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'quay.v1.timezone',
        newValue: 'UTC',
        storageArea: window.localStorage,
      }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('1');
    stop();
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'quay.v1.simulation',
        newValue: null,
        storageArea: window.localStorage,
      }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
