/**
 * OpenID Connect sign-in through the routes against a real provider
 * (oidc-provider on a local port, driven through its development login):
 * the button's URL carries PKCE, state and nonce; the callback's code opens
 * an account with the verified address, and the next sign-in logs the same
 * account in. Refusals: a changed state, a state from another browser, a
 * spent state, an ID token with another nonce; no provider configured, no
 * provider listed.
 */
import { ERRORS, THIRD_PARTY_PATHS as P, type ThirdPartyProviders } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, bearer, call, startApp, type TestApp } from '../../test/harness';
import {
  OidcTestProvider,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
} from '../../test/oidc-test-provider';

const Q = '?languageType=0';
const REDIRECT = 'http://localhost/login/oauth/callback';
const BROWSER = { terminalcode: 'oidc-browser-00000001', 'user-agent': 'Mozilla/5.0 Test' };
const OTHER_BROWSER = { terminalcode: 'oidc-browser-00000002', 'user-agent': 'Mozilla/5.0 Test' };

interface SignAnswer {
  token?: string;
  userInfo?: { userId: string; email: string | null };
  pending?: { serialNO: string; provider: string; email: string | null; label: string };
}

describe.each(STORES)('OpenID Connect sign-in on %s', (store) => {
  let t: TestApp;
  let idp: OidcTestProvider;

  beforeAll(async () => {
    idp = (await new OidcTestProvider().start()).serve([REDIRECT]);
    t = await startApp(store, {
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'google',
          name: 'Google',
          issuer: idp.issuer,
          clientId: TEST_CLIENT_ID,
          clientSecret: TEST_CLIENT_SECRET,
          redirectUri: REDIRECT,
        },
      ]),
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  const post = <T = SignAnswer>(path: string, body: unknown, headers = BROWSER) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, headers);

  async function authorize(headers = BROWSER): Promise<URL> {
    const begun = await post<{ url: string }>(P.oauthAuthorize, { provider: 'google' }, headers);
    expect(begun.code, begun.msg).toBe('0');
    return new URL(begun.data.url);
  }

  it('lists the configured provider and begins with PKCE, state and nonce', async () => {
    const listed = await call<ThirdPartyProviders>(t.app, 'GET', `${P.providers}${Q}`);
    expect(listed.data).toEqual({
      oidc: [{ id: 'google', name: 'Google', style: 'google' }],
      telegramBot: null,
      telegramBotId: null,
      walletChainIds: [],
    });
    const url = await authorize();
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const unknown = await post(P.oauthAuthorize, { provider: 'apple' });
    expect(unknown.code).toBe(ERRORS.THIRD_PARTY_PROVIDER_UNKNOWN.code);
  });

  it('opens an account with the verified address, then signs the same account in', async () => {
    const back = await idp.signIn((await authorize()).href, 'alice');
    expect(back.searchParams.get('code')).toBeTruthy();
    const first = await post(P.oauthSign, { token: back.search.slice(1) });
    expect(first.code, first.msg).toBe('0');
    expect(first.data.token).toBeUndefined();
    expect(first.data.pending).toMatchObject({
      provider: 'google',
      email: 'alice@example.com',
      label: 'alice@example.com',
    });
    const serialNO = first.data.pending?.serialNO ?? '';

    // Another address than the one the provider vouched for needs a code.
    const other = await post(P.registerGoogle, { serialNO, email: 'mallory@example.com' });
    expect(other.code).toBe(ERRORS.THIRD_PARTY_EMAIL_UNVERIFIED.code);
    const made = await post(P.registerGoogle, { serialNO, email: 'alice@example.com' });
    expect(made.code, made.msg).toBe('0');
    expect(made.cookie).toMatch(/^quay_session=/);
    expect(made.data.userInfo?.email).toBe('al***@example.com');
    const userId = made.data.userInfo?.userId;
    // The serialNO is spent.
    const again = await post(P.registerGoogle, { serialNO, email: 'alice@example.com' });
    expect(again.code).toBe(ERRORS.THIRD_PARTY_SERIAL_INVALID.code);

    const next = await idp.signIn((await authorize()).href, 'alice');
    const second = await post(P.oauthSign, { token: next.search.slice(1) });
    expect(second.code, second.msg).toBe('0');
    expect(second.data.pending).toBeUndefined();
    expect(second.data.userInfo?.userId).toBe(userId);
    const linked = await call<{ provider: string; label: string }[]>(
      t.app,
      'GET',
      `${P.list}${Q}`,
      undefined,
      bearer(second.data.token ?? ''),
    );
    expect(linked.data).toMatchObject([{ provider: 'google', label: 'alice@example.com' }]);
  });

  it('refuses a changed state, a state from another browser and a spent state', async () => {
    const back = await idp.signIn((await authorize()).href, 'bob');
    const changed = new URLSearchParams(back.search);
    changed.set('state', `${changed.get('state') ?? ''}x`);
    expect((await post(P.oauthSign, { token: changed.toString() })).code).toBe(
      ERRORS.OIDC_STATE_INVALID.code,
    );
    const query = back.search.slice(1);
    const elsewhere = await post(P.oauthSign, { token: query }, OTHER_BROWSER);
    expect(elsewhere.code).toBe(ERRORS.OIDC_STATE_INVALID.code);
    const good = await post(P.oauthSign, { token: query });
    expect(good.code, good.msg).toBe('0');
    expect(good.data.pending?.email).toBe('bob@example.com');
    const replay = await post(P.oauthSign, { token: query });
    expect(replay.code).toBe(ERRORS.OIDC_STATE_INVALID.code);
  });

  it('refuses an ID token that carries another nonce', async () => {
    const url = await authorize();
    url.searchParams.set('nonce', 'a-nonce-this-server-never-issued');
    const back = await idp.signIn(url.href, 'carol');
    const refused = await post(P.oauthSign, { token: back.search.slice(1) });
    expect(refused.code).toBe(ERRORS.OIDC_VERIFY_FAILED.code);
    expect(refused.data).toBeNull();
  });

  it('refuses a code whose PKCE verifier is not the flow’s', async () => {
    const url = await authorize();
    url.searchParams.set('code_challenge', 'A'.repeat(43));
    const back = await idp.signIn(url.href, 'dave');
    const refused = await post(P.oauthSign, { token: back.search.slice(1) });
    expect(refused.code).toBe(ERRORS.OIDC_VERIFY_FAILED.code);
  });
});

describe('with no provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists none and refuses to begin', async () => {
    const listed = await call<ThirdPartyProviders>(t.app, 'GET', `${P.providers}${Q}`);
    expect(listed.data).toEqual({
      oidc: [],
      telegramBot: null,
      telegramBotId: null,
      walletChainIds: [],
    });
    const begun = await call(t.app, 'POST', `${P.oauthAuthorize}${Q}`, { provider: 'google' });
    expect(begun.code).toBe(ERRORS.THIRD_PARTY_PROVIDER_UNKNOWN.code);
    const nonce = await call(t.app, 'POST', `${P.walletNonce}${Q}`, {});
    expect(nonce.code).toBe(ERRORS.THIRD_PARTY_PROVIDER_UNKNOWN.code);
  });
});
