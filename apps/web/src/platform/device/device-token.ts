/**
 * The device token (spec sections 4, 5 and 9; DESIGN.md section 8): status
 * 0 not initialised, 1 success, 2 demoted token, 3 error, 4 timeout. The
 * stored token is read at start; a fresh one is fetched at once and then
 * every refresh period while the page is visible. A 40-character answer is
 * the token (and clears a demoted one); any other non-empty answer is a
 * demoted token; a failure is retried once after 1 s, then the status is
 * error; a fetch is given up after 10 s. The fetch lives in a lazily loaded
 * chunk (the "SDK"): when it does not load it is waited for and loaded again.
 */
import { DEVICE_TOKEN_LENGTH } from '@quay/core';

export const DEVICE_TOKEN_STATUS = {
  notInitialised: 0,
  success: 1,
  demoted: 2,
  error: 3,
  timeout: 4,
} as const;
export type DeviceTokenStatus = (typeof DEVICE_TOKEN_STATUS)[keyof typeof DEVICE_TOKEN_STATUS];

/** Spec section 9. */
export const DEVICE_TOKEN_LIMITS = {
  refreshFrequency_s: 1200,
  lifetimeInterval_s: 14_400,
  cookie_days: 7,
  maxRetry: 1,
  retryWait_ms: 1000,
  fetchWait_ms: 10_000,
  initWait_ms: 5000,
  length: DEVICE_TOKEN_LENGTH,
} as const;

/** Token errors reported as security events (spec section 8). */
export const DEVICE_TOKEN_EVENTS = {
  sdkLoadError: 'sdkScriptLoadError',
  tokenEmpty: 'tokenEmpty',
  acquireFailed: 'acquireTokenFailed',
  setCookieError: 'setCookieError',
  refreshError: 'refreshTokenError',
  missingToken: 'missingTokenForPath',
} as const;
export type DeviceTokenEvent = (typeof DEVICE_TOKEN_EVENTS)[keyof typeof DEVICE_TOKEN_EVENTS];

export interface DeviceTokenSdk {
  fetchToken(input: { appId: string; deviceId: string }): Promise<string>;
}

export interface DeviceTokenDeps {
  loadSdk(): Promise<DeviceTokenSdk>;
  /** The terminal code the token is bound to. */
  deviceId(): Promise<string>;
  appId: string;
  now(): number;
  report(event: DeviceTokenEvent, reason: string): void;
  /** The token cookie; write throws or returns false when the browser refuses it. */
  cookie: {
    read(): string | undefined;
    write(token: string, days: number): boolean;
  };
  store: {
    readExpiry(): number | null;
    writeExpiry(epoch_ms: number): void;
    setPending(pending: boolean): void;
  };
  visibility: {
    visible(): boolean;
    onChange(listener: () => void): () => void;
  };
  /** Seconds between refreshes; the spec's 1200 unless a test shortens it. */
  refreshFrequency_s?: number;
}

const TIMED_OUT = Symbol('timed out');

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class DeviceTokenService {
  private statusValue: DeviceTokenStatus = DEVICE_TOKEN_STATUS.notInitialised;
  private token: string | null = null;
  private demoted: string | null = null;
  private expiry = 0;
  /** When the next fetch is due (epoch ms). */
  private dueAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private stopVisibility: (() => void) | null = null;
  private readonly settledWaiters: Array<() => void> = [];
  private readonly listeners = new Set<(status: DeviceTokenStatus) => void>();
  private settledOnce = false;
  readonly frequency_ms: number;

  constructor(private readonly deps: DeviceTokenDeps) {
    this.frequency_ms = (deps.refreshFrequency_s ?? DEVICE_TOKEN_LIMITS.refreshFrequency_s) * 1000;
  }

  get status(): DeviceTokenStatus {
    return this.statusValue;
  }

  /** The token calls carry: the normal one, else the demoted one, else none. */
  current(): string | null {
    if (this.expiry && this.expiry <= this.deps.now()) return null;
    return this.token ?? this.demoted;
  }

  get demotedToken(): string | null {
    return this.demoted;
  }

  get expiresAt(): number {
    return this.expiry;
  }

  onStatus(listener: (status: DeviceTokenStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.stopVisibility) return;
    this.adoptStored();
    this.stopVisibility = this.deps.visibility.onChange(() => this.visibilityChanged());
    this.dueAt = this.deps.now();
    if (this.deps.visibility.visible()) void this.refresh();
  }

  stop(): void {
    this.stopVisibility?.();
    this.stopVisibility = null;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The token once the first fetch has settled, or whatever there is after `wait_ms`. */
  async ready(wait_ms: number = DEVICE_TOKEN_LIMITS.initWait_ms): Promise<string | null> {
    if (!this.settledOnce) {
      await within(new Promise<void>((resolve) => this.settledWaiters.push(resolve)), wait_ms);
    }
    return this.current();
  }

  /** Step 1: the stored token, while its expiry lies ahead. */
  private adoptStored(): boolean {
    const stored = this.deps.cookie.read();
    const expiry = this.deps.store.readExpiry();
    if (!stored || !expiry || expiry <= this.deps.now()) return false;
    this.expiry = expiry;
    if (stored.length === DEVICE_TOKEN_LIMITS.length) {
      this.token = stored;
      this.demoted = null;
      this.setStatus(DEVICE_TOKEN_STATUS.success);
    } else {
      this.demoted = stored;
      this.setStatus(DEVICE_TOKEN_STATUS.demoted);
    }
    return true;
  }

  private setStatus(status: DeviceTokenStatus): void {
    this.statusValue = status;
    for (const listener of this.listeners) listener(status);
  }

  private visibilityChanged(): void {
    if (!this.deps.visibility.visible()) {
      clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.stopVisibility || !this.deps.visibility.visible() || this.inFlight) return;
    const delay = Math.max(0, this.dueAt - this.deps.now());
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    // Another tab refreshed within this period: its token is in the cookie.
    const storedExpiry = this.deps.store.readExpiry();
    if (storedExpiry && storedExpiry - this.deps.now() > this.frequency_ms && this.adoptStored()) {
      this.dueAt = storedExpiry - this.frequency_ms;
      this.schedule();
      return;
    }
    await this.refresh();
  }

  /** Fetches a token now (at most one fetch at a time), then schedules the next. */
  refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const first = !this.settledOnce;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight = this.acquire(first).finally(() => {
      this.inFlight = null;
      this.dueAt = this.deps.now() + this.frequency_ms;
      this.settledOnce = true;
      for (const wake of this.settledWaiters.splice(0)) wake();
      this.schedule();
    });
    return this.inFlight;
  }

  private async loadSdk(): Promise<DeviceTokenSdk | null> {
    try {
      return await this.deps.loadSdk();
    } catch (error) {
      this.deps.report(DEVICE_TOKEN_EVENTS.sdkLoadError, reasonOf(error));
    }
    // Step 6: wait for the script and try once more.
    await sleep(DEVICE_TOKEN_LIMITS.retryWait_ms);
    try {
      return await this.deps.loadSdk();
    } catch (error) {
      this.deps.report(DEVICE_TOKEN_EVENTS.sdkLoadError, reasonOf(error));
      return null;
    }
  }

  private async acquire(first: boolean): Promise<void> {
    const failedEvent = first
      ? DEVICE_TOKEN_EVENTS.acquireFailed
      : DEVICE_TOKEN_EVENTS.refreshError;
    const sdk = await this.loadSdk();
    if (!sdk) {
      this.setStatus(DEVICE_TOKEN_STATUS.error);
      return;
    }
    this.deps.store.setPending(true);
    try {
      let lastReason = '';
      for (let attempt = 0; attempt <= DEVICE_TOKEN_LIMITS.maxRetry; attempt += 1) {
        if (attempt > 0) await sleep(DEVICE_TOKEN_LIMITS.retryWait_ms);
        let result: string | typeof TIMED_OUT;
        try {
          const deviceId = await this.deps.deviceId();
          result = await within(
            sdk.fetchToken({ appId: this.deps.appId, deviceId }),
            DEVICE_TOKEN_LIMITS.fetchWait_ms,
          );
        } catch (error) {
          lastReason = reasonOf(error);
          continue;
        }
        if (result === TIMED_OUT) {
          this.setStatus(DEVICE_TOKEN_STATUS.timeout);
          this.deps.report(failedEvent, 'timeout');
          return;
        }
        if (typeof result === 'string' && result.length > 0) {
          this.accept(result);
          return;
        }
        this.deps.report(DEVICE_TOKEN_EVENTS.tokenEmpty, '');
        lastReason = 'empty token';
      }
      this.setStatus(DEVICE_TOKEN_STATUS.error);
      this.deps.report(failedEvent, lastReason);
    } finally {
      this.deps.store.setPending(false);
    }
  }

  /** Step 3: a 40-character token is the token; anything else non-empty is demoted. */
  private accept(result: string): void {
    const normal = result.length === DEVICE_TOKEN_LIMITS.length;
    if (normal) {
      this.token = result;
      this.demoted = null;
    } else {
      this.token = null;
      this.demoted = result;
    }
    this.expiry = this.deps.now() + 2 * this.frequency_ms;
    this.deps.store.writeExpiry(this.expiry);
    let written = false;
    let reason = 'cookie not kept';
    try {
      written = this.deps.cookie.write(result, DEVICE_TOKEN_LIMITS.cookie_days);
    } catch (error) {
      reason = reasonOf(error);
    }
    if (!written) this.deps.report(DEVICE_TOKEN_EVENTS.setCookieError, reason);
    this.setStatus(normal ? DEVICE_TOKEN_STATUS.success : DEVICE_TOKEN_STATUS.demoted);
  }
}
