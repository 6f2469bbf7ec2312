import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_TOKEN_EVENTS,
  DEVICE_TOKEN_STATUS,
  DeviceTokenService,
  type DeviceTokenDeps,
  type DeviceTokenSdk,
} from './device-token';

const TOKEN = `${'1'.repeat(10)}${'a'.repeat(30)}`;
const OTHER_TOKEN = `${'2'.repeat(10)}${'b'.repeat(30)}`;
const FREQUENCY_S = 1200;

interface World {
  deps: DeviceTokenDeps;
  fetches: Array<{ appId: string; deviceId: string }>;
  answers: Array<() => Promise<string>>;
  reports: Array<[string, string]>;
  cookie: { value: string | undefined; days: number | null };
  expiry: { value: number | null };
  visible: { value: boolean; listeners: Set<() => void> };
  sdkLoads: { count: number; failFirst: number };
}

function world(options: { frequency_s?: number } = {}): World {
  const w: World = {
    fetches: [],
    answers: [],
    reports: [],
    cookie: { value: undefined, days: null },
    expiry: { value: null },
    visible: { value: true, listeners: new Set() },
    sdkLoads: { count: 0, failFirst: 0 },
    deps: undefined as unknown as DeviceTokenDeps,
  };
  const sdk: DeviceTokenSdk = {
    fetchToken(input) {
      w.fetches.push(input);
      const next = w.answers.shift();
      return next ? next() : Promise.resolve(TOKEN);
    },
  };
  w.deps = {
    loadSdk: async () => {
      w.sdkLoads.count += 1;
      if (w.sdkLoads.count <= w.sdkLoads.failFirst) throw new Error('chunk failed');
      return sdk;
    },
    deviceId: async () => 'device-1',
    appId: 'quay-web-test',
    now: () => Date.now(),
    report: (event, reason) => w.reports.push([event, reason]),
    cookie: {
      read: () => w.cookie.value,
      write: (token, days) => {
        w.cookie.value = token;
        w.cookie.days = days;
        return true;
      },
    },
    store: {
      readExpiry: () => w.expiry.value,
      writeExpiry: (at) => {
        w.expiry.value = at;
      },
      setPending: () => undefined,
    },
    visibility: {
      visible: () => w.visible.value,
      onChange: (listener) => {
        w.visible.listeners.add(listener);
        return () => w.visible.listeners.delete(listener);
      },
    },
    refreshFrequency_s: options.frequency_s ?? FREQUENCY_S,
  };
  return w;
}

function setVisible(w: World, visible: boolean) {
  w.visible.value = visible;
  for (const listener of w.visible.listeners) listener();
}

/** Lets promise chains settle without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the device-token status machine', () => {
  it('starts at 0 and fetches at once; a 40-character answer is the token (status 1)', async () => {
    const w = world();
    const service = new DeviceTokenService(w.deps);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.notInitialised);
    service.start();
    await flush();
    expect(w.fetches).toEqual([{ appId: 'quay-web-test', deviceId: 'device-1' }]);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    expect(service.current()).toBe(TOKEN);
    expect(w.cookie).toEqual({ value: TOKEN, days: 7 });
    // Expiry at now + 2 x frequency.
    expect(w.expiry.value).toBe(Date.now() + 2 * FREQUENCY_S * 1000);
    service.stop();
  });

  it('reads the stored token at start while its expiry lies ahead', async () => {
    const w = world();
    w.cookie.value = TOKEN;
    w.expiry.value = Date.now() + 60_000;
    w.answers.push(() => new Promise(() => undefined));
    const service = new DeviceTokenService(w.deps);
    service.start();
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    expect(service.current()).toBe(TOKEN);
    service.stop();
  });

  it('ignores a stored token past its expiry', () => {
    const w = world();
    w.cookie.value = TOKEN;
    w.expiry.value = Date.now() - 1;
    w.visible.value = false;
    const service = new DeviceTokenService(w.deps);
    service.start();
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.notInitialised);
    expect(service.current()).toBeNull();
    service.stop();
  });

  it('keeps any other non-empty answer as a demoted token (2), cleared by a normal one', async () => {
    const w = world();
    w.answers.push(async () => 'short-token');
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.demoted);
    expect(service.current()).toBe('short-token');
    expect(service.demotedToken).toBe('short-token');
    await vi.advanceTimersByTimeAsync(FREQUENCY_S * 1000);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    expect(service.demotedToken).toBeNull();
    expect(service.current()).toBe(TOKEN);
    service.stop();
  });

  it('retries once after 1 s, then ends in error (3) and reports', async () => {
    const w = world();
    w.answers.push(
      () => Promise.reject(new Error('503')),
      () => Promise.reject(new Error('503 again')),
    );
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    expect(w.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(w.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.fetches).toHaveLength(2);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.error);
    expect(w.reports).toEqual([[DEVICE_TOKEN_EVENTS.acquireFailed, '503 again']]);
    service.stop();
  });

  it('succeeds on the retry', async () => {
    const w = world();
    w.answers.push(() => Promise.reject(new Error('503')));
    const service = new DeviceTokenService(w.deps);
    service.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    expect(w.fetches).toHaveLength(2);
    service.stop();
  });

  it('reports an empty answer and retries it', async () => {
    const w = world();
    w.answers.push(
      async () => '',
      async () => '',
    );
    const service = new DeviceTokenService(w.deps);
    service.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.error);
    expect(w.reports.map(([event]) => event)).toEqual([
      DEVICE_TOKEN_EVENTS.tokenEmpty,
      DEVICE_TOKEN_EVENTS.tokenEmpty,
      DEVICE_TOKEN_EVENTS.acquireFailed,
    ]);
    service.stop();
  });

  it('abandons a fetch after 10 s: timeout (4)', async () => {
    const w = world();
    w.answers.push(() => new Promise(() => undefined));
    const service = new DeviceTokenService(w.deps);
    service.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.notInitialised);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.timeout);
    service.stop();
  });

  it('waits for a missing SDK and loads it again; errors when it never comes', async () => {
    const w = world();
    w.sdkLoads.failFirst = 1;
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    expect(w.fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    expect(w.reports[0]?.[0]).toBe(DEVICE_TOKEN_EVENTS.sdkLoadError);
    service.stop();

    const never = world();
    never.sdkLoads.failFirst = 99;
    const failing = new DeviceTokenService(never.deps);
    failing.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing.status).toBe(DEVICE_TOKEN_STATUS.error);
    expect(never.fetches).toHaveLength(0);
    failing.stop();
  });

  it('refreshes every period while visible and pauses while hidden', async () => {
    const w = world({ frequency_s: 60 });
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    expect(w.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    setVisible(w, false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(w.fetches).toHaveLength(2);
    // Back in view, overdue: fetched at once, then on schedule again.
    setVisible(w, true);
    await flush();
    expect(w.fetches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.fetches).toHaveLength(4);
    service.stop();
  });

  it('takes the token another tab refreshed instead of fetching', async () => {
    const w = world({ frequency_s: 60 });
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    // The other tab fetched just now.
    w.cookie.value = OTHER_TOKEN;
    w.expiry.value = Date.now() + 120_000;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(w.fetches).toHaveLength(1);
    expect(service.current()).toBe(OTHER_TOKEN);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(w.fetches).toHaveLength(2);
    service.stop();
  });

  it('reports a cookie the browser would not keep', async () => {
    const w = world();
    w.deps.cookie.write = () => false;
    const service = new DeviceTokenService(w.deps);
    service.start();
    await flush();
    expect(w.reports.map(([event]) => event)).toEqual([DEVICE_TOKEN_EVENTS.setCookieError]);
    expect(service.status).toBe(DEVICE_TOKEN_STATUS.success);
    service.stop();
  });

  it('lets a call wait for the first token, up to the init wait', async () => {
    const w = world();
    let answer: (token: string) => void = () => undefined;
    w.answers.push(() => new Promise((resolve) => (answer = resolve)));
    const service = new DeviceTokenService(w.deps);
    service.start();
    const waiting = service.ready(5000);
    await flush();
    answer(TOKEN);
    await expect(waiting).resolves.toBe(TOKEN);

    const slow = world();
    slow.answers.push(() => new Promise(() => undefined));
    const other = new DeviceTokenService(slow.deps);
    other.start();
    const late = other.ready(5000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(late).resolves.toBeNull();
    service.stop();
    other.stop();
  });
});
