import { CSP_REPORT_PATH } from '@quay/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { signErrorPlan } from '../signing/sign-errors';
import { configureRequestLayer, request } from './client';
import { handleSignFailure, signing } from './gateway-layer';
import { playServer, type Answer, type Sent } from './test-server';

const seen: Sent[] = [];
let answer: Answer = { body: null };

const reports = () =>
  seen
    .filter((c) => c.path === CSP_REPORT_PATH)
    .map(
      (c) =>
        JSON.parse(String(c.body)) as { bizType: string; data: { event: string; reason: string } },
    );

let clock = Date.now();
beforeEach(() => {
  playServer(seen, () => answer);
  vi.useFakeTimers();
  // Past the previous test's throttle window.
  clock += 60_000;
  vi.setSystemTime(clock);
  seen.length = 0;
  answer = { body: null };
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the sign-error plan (spec sections 4 and 8)', () => {
  it('logs out and reports the keys on invalid; resets on the others; no re-init on expired', () => {
    expect(signErrorPlan('00023')).toMatchObject({
      logout: true,
      reportPublicKeys: true,
      reset: true,
    });
    expect(signErrorPlan('00020')).toMatchObject({
      logout: false,
      reset: true,
      reinitAfter_ms: 2000,
    });
    expect(signErrorPlan('00021')).toMatchObject({
      logout: false,
      reset: true,
      reinitAfter_ms: 2000,
    });
    expect(signErrorPlan('00022')).toMatchObject({
      logout: false,
      reset: true,
      reinitAfter_ms: null,
    });
    expect(signErrorPlan('00004')).toBeNull();
  });
});

describe('sign-error handling in the request layer', () => {
  it('is throttled to once per 2 s and re-initialises 2 s after a missing signature', () => {
    const init = vi.spyOn(signing, 'init').mockResolvedValue('ready');
    const reset = vi.spyOn(signing, 'reset');
    handleSignFailure('00020');
    handleSignFailure('00021');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(reports().map((r) => r.data.event)).toEqual(['signMissed']);
    vi.advanceTimersByTime(1999);
    expect(init).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(init).toHaveBeenCalledTimes(1);
    handleSignFailure('00021');
    expect(reset).toHaveBeenCalledTimes(2);
    expect(reports().map((r) => r.data.event)).toEqual(['signMissed', 'signModeNotMatched']);
  });

  it('does not re-initialise after an expired signature', () => {
    const init = vi.spyOn(signing, 'init').mockResolvedValue('ready');
    const reset = vi.spyOn(signing, 'reset');
    handleSignFailure('00022');
    vi.advanceTimersByTime(10_000);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(init).not.toHaveBeenCalled();
  });

  it('on invalid: toast with the server message, log out, report the public keys', async () => {
    const forget = vi.spyOn(signing, 'forgetUser').mockResolvedValue();
    const toast = vi.fn<(text: string) => void>();
    const loginExpired = vi.fn<() => void>();
    configureRequestLayer({ toast, loginExpired });
    answer = { body: { code: '00023', msg: 'Signature invalid', data: null, status: 'error' } };
    await expect(request('/v1/public/coins')).rejects.toMatchObject({ code: '00023' });
    expect(toast).toHaveBeenCalledWith('Signature invalid');
    expect(loginExpired).toHaveBeenCalledTimes(1);
    expect(forget).toHaveBeenCalled();
    expect(seen.some((c) => c.path === '/v1/user/logout' && c.method === 'POST')).toBe(true);
    const [report] = reports();
    expect(report?.bizType).toBe('gatewaySign');
    expect(report?.data.event).toBe('signInvalid');
    expect(JSON.parse(report!.data.reason)).toHaveProperty('publicKey');
    const sent = seen.find((c) => c.path === CSP_REPORT_PATH);
    expect(sent?.headers['content-type']).toBe('application/csp-report');
  });

  it('logs a gw-sign-error header and reads the server clock from every answer', async () => {
    answer = {
      body: { code: '0', msg: 'ok', data: 1, status: 'ok' },
      headers: { 'gw-sign-error': '00022', 'request-time': String(Date.now() + 7000) },
    };
    await request('/v1/public/coins');
    expect(reports().map((r) => r.data.event)).toEqual(['gwSignError']);
    expect(signing.clockOffset).toBe(7000);
  });
});
