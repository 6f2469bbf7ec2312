import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { useSettings } from '../settings/settings-store';
import { addResponseTransformer, ApiError, configureRequestLayer, request } from './client';
import { playServer, type Answer, type Sent } from './test-server';

const seen: Sent[] = [];
let answer: Answer = {};
const toast = vi.fn<(text: string) => void>();
const loginExpired = vi.fn<() => void>();

const ok = (data: unknown) => ({ code: '0', msg: 'Success', data, status: 'ok' });
const failed = (code: string, msg: string) => ({ code, msg, data: null, status: 'error' });

beforeEach(() => {
  playServer(seen, () => answer);
  vi.useFakeTimers();
  // Each test starts past the previous test's throttle window.
  vi.setSystemTime(Date.now() + 60_000);
  seen.length = 0;
  answer = {};
  toast.mockReset();
  loginExpired.mockReset();
  configureRequestLayer({ toast, loginExpired });
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  useSettings.setState({ language: 'en', theme: 'dark', terminalCode: '' });
});
afterEach(() => vi.useRealTimers());

describe('what every call sends (spec section 7)', () => {
  it('puts GET params, languageType and a timestamp in the query, under /v1', async () => {
    useSettings.setState({ language: 'ja', theme: 'light' });
    answer = { body: ok({ serverTime: 1 }) };
    await expect(request('/public/time', { params: { symbol: ' BTCUSDT ' } })).resolves.toEqual({
      serverTime: 1,
    });
    const sent = seen[0];
    expect(sent?.path).toBe('/v1/public/time');
    expect(sent?.query).toEqual({ languageType: '2', symbol: 'BTCUSDT', t: String(Date.now()) });
    expect(sent?.body).toBeUndefined();
    expect(sent?.credentials).toBe('include');
    expect(sent?.headers).toMatchObject({
      apptheme: 'standard',
      terminalcode: '',
      terminaltype: '1',
      locale: 'ja',
      language: 'ja',
    });
  });

  it('sends non-GET params as a trimmed JSON body, dates as YYYY-MM-DD HH:mm, without a timestamp', async () => {
    answer = { body: ok(null) };
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      await request('/v1/x', {
        method,
        params: { email: ' a@b.co ', at: new Date(2026, 0, 2, 3, 4, 5) },
      });
    }
    // A guarded call starts the security setup, whose own calls go first.
    const calls = seen.filter((sent) => sent.path === '/v1/x');
    expect(calls.map((sent) => sent.method)).toEqual(['POST', 'PUT', 'DELETE']);
    for (const sent of calls) {
      // Written into the URL, as it is signed.
      expect(sent.url).toBe('/v1/x?languageType=0');
      expect(JSON.parse(String(sent.body))).toEqual({ email: 'a@b.co', at: '2026-01-02 03:04' });
      expect(sent.headers).toMatchObject({ apptheme: 'dark', 'content-type': 'application/json' });
    }
  });

  it('sends form-urlencoded and multipart bodies when asked', async () => {
    answer = { body: ok(null) };
    await request('/v1/x', { method: 'POST', contentType: 'form', params: { a: ' 1 ' } });
    await request('/v1/x', { method: 'POST', contentType: 'multipart', params: { a: '1' } });
    const calls = seen.filter((sent) => sent.path === '/v1/x');
    expect(String(calls[0]?.body)).toBe('a=1');
    expect(calls[1]?.body).toBeInstanceOf(FormData);
  });
});

describe('failures as the user sees them (spec section 8)', () => {
  async function failure(options: Parameters<typeof request>[1] = {}, path = '/v1/x') {
    const error: unknown = await request(path, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it('toasts the status text and rejects with a typed error', async () => {
    answer = { status: 403 };
    expect(await failure()).toMatchObject({ code: '403', httpStatus: 403 });
    expect(toast).toHaveBeenLastCalledWith('Request is forbidden');
    answer = { status: 502 };
    await failure();
    expect(toast).toHaveBeenLastCalledWith('502 The system is busy');
  });

  it('shows the server message of a 200 with status error, and of a 429', async () => {
    answer = { body: failed('11006', 'Account or password is wrong') };
    expect(await failure()).toMatchObject({
      code: '11006',
      msg: 'Account or password is wrong',
      httpStatus: 200,
    });
    expect(toast).toHaveBeenLastCalledWith('Account or password is wrong');
    answer = { status: 429, body: failed('10009', 'Too many requests, try later') };
    expect(await failure()).toMatchObject({ code: '10009', httpStatus: 429 });
    expect(toast).toHaveBeenLastCalledWith('Too many requests, try later');
  });

  it('gives up after 10 s and says so in words, and says a network error by its message', async () => {
    answer = { fail: 'hang' };
    const pending = failure();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'timeout', httpStatus: null });
    expect(toast).toHaveBeenLastCalledWith('Request timed out!');
    answer = { fail: 'network' };
    expect(await failure()).toMatchObject({ code: 'network', httpStatus: null });
    expect(toast).toHaveBeenLastCalledWith('Network Error');
  });

  it('throws on a 200 without an envelope, and stays quiet when cancelled or silent', async () => {
    answer = { body: '<html>' };
    expect(await failure()).toMatchObject({ code: '1', msg: 'unknown error' });
    answer = { fail: 'hang' };
    const cancel = new AbortController();
    const cancelled = failure({ signal: cancel.signal });
    cancel.abort();
    await cancelled;
    answer = { status: 500 };
    await failure({ silent: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('resolves the user-info call with no user on 00004, without a toast', async () => {
    answer = { body: failed('00004', 'Please log in first') };
    await expect(request('/v1/user/overview/userinfo')).resolves.toBeNull();
    expect(toast).not.toHaveBeenCalled();
    await failure({}, '/v1/asset/list');
    expect(toast).toHaveBeenLastCalledWith('Please log in first');
  });

  it('ends the session on 20906, toasting and logging out at most once per 2 s', async () => {
    answer = { body: failed('20906', 'Session expired') };
    await failure();
    await failure();
    expect(loginExpired).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenLastCalledWith('Login expired, please log in again');
    vi.advanceTimersByTime(1999);
    answer = { body: failed('20205', 'Token invalid') };
    await failure();
    expect(loginExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await failure();
    expect(loginExpired).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledTimes(2);
  });
});

describe('response transformers', () => {
  it('rewrite the data of successful answers until removed, and never an error', async () => {
    const remove = addResponseTransformer((data) =>
      JSON.parse(JSON.stringify(data).replaceAll('https://img-a.test', 'https://img-b.test')),
    );
    answer = { body: ok({ iconUrl: 'https://img-a.test/btc.svg' }) };
    await expect(request('/public/coins')).resolves.toEqual({
      iconUrl: 'https://img-b.test/btc.svg',
    });
    answer = { body: failed('10006', 'Bad format') };
    await expect(request('/public/coins', { silent: true })).rejects.toBeInstanceOf(ApiError);
    remove();
    answer = { body: ok({ iconUrl: 'https://img-a.test/btc.svg' }) };
    await expect(request('/public/coins')).resolves.toEqual({
      iconUrl: 'https://img-a.test/btc.svg',
    });
  });
});
