/**
 * API keys as their owner manages them over /v1: created and changed only
 * with the second factor, the secret answered once and never again, the
 * passphrase and secret never stored in clear, the cap per user, the
 * operator's command line.
 */
import { API_KEY_MAX_PER_USER, ERRORS, type ApiKeySummary, type CreatedApiKey } from '@quay/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed, type KeyCredentials } from '../../test/api-key-client';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { quay, storeEnv } from '../../test/operator-cli';

interface SessionData {
  token: string;
}

const ASSETS = '/api/v2/spot/account/assets';

describe.each(STORES)('API keys on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  /** A fresh authenticator code: the clock moves to the next step first (each step counts once). */
  const totp = (secret: string) => {
    t.clock.advance(31);
    return generate({ secret, epoch: Math.floor(t.clock.ms / 1000) });
  };
  const post = <T = Record<string, unknown>>(path: string, body: unknown, token: string) =>
    call<T>(t.app, 'POST', `${path}?languageType=0`, body, bearer(token));
  const list = async (token: string) => {
    const answer = await call<ApiKeySummary[]>(
      t.app,
      'GET',
      '/v1/user/api-keys/list?languageType=0',
      undefined,
      bearer(token),
    );
    expect(answer.code, answer.msg).toBe('0');
    return answer;
  };

  async function newUser(email: string, google: boolean): Promise<{ token: string; ga: string }> {
    const token = (await registerByEmail<SessionData>(t, mail, email)).data.token;
    if (!google) return { token, ga: '' };
    const setup = await post<{ secret: string }>('/v1/user/security/google/setup', {}, token);
    const on = await post(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
      token,
    );
    expect(on.code, on.msg).toBe('0');
    return { token, ga: setup.data.secret };
  }

  const createBody = (extra: Record<string, unknown> = {}) => ({
    label: 'grid bot',
    scopes: ['read', 'trade'],
    ips: [],
    passphrase: 'Bot2026pass',
    ...extra,
  });

  it('refuses a key without a second factor on, or without its code, and creates none', async () => {
    const plain = await newUser('keys-no2fa@example.com', false);
    const refused = await post('/v1/user/api-keys/create', createBody(), plain.token);
    expect(refused.code).toBe(ERRORS.API_KEY_NEEDS_SECOND_FACTOR.code);
    expect(refused.msg).toMatch(/second factor/);

    const user = await newUser('keys-nocode@example.com', true);
    const noCode = await post('/v1/user/api-keys/create', createBody(), user.token);
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const wrong = await post(
      '/v1/user/api-keys/create',
      createBody({ googleCode: '000000' }),
      user.token,
    );
    expect(wrong.code).toBe(ERRORS.GOOGLE_CODE_INVALID.code);
    expect(await t.count('api_keys')).toBe(0);
    expect((await list(user.token)).data).toEqual([]);
  });

  it('answers the secret once: the list never shows it and the store keeps it sealed', async () => {
    const user = await newUser('keys-create@example.com', true);
    const created = await post<CreatedApiKey>(
      '/v1/user/api-keys/create',
      createBody({
        ips: ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'],
        googleCode: await totp(user.ga),
      }),
      user.token,
    );
    expect(created.code, created.msg).toBe('0');
    const { key, secret } = created.data;
    expect(key.apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toMatchObject({
      label: 'grid bot',
      scopes: ['read', 'trade'],
      ips: ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'],
      status: 'active',
      lastUsedAt: null,
    });

    const listed = await list(user.token);
    expect(listed.data).toEqual([key]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const row = await t.store.repos.apiKeys.byId(key.apiKey);
    expect(row?.passphrase_hash).toMatch(/^scrypt\$/);
    expect(row?.passphrase_hash).not.toContain('Bot2026pass');
    expect(row?.secret_sealed).not.toContain(secret);
    expect(row?.secret_sealed.startsWith('v1.')).toBe(true);

    // The key works, and its first use shows in the list.
    const credentials = { apiKey: key.apiKey, secret, passphrase: 'Bot2026pass' };
    const assets = await signed(t.app, credentials, {
      method: 'GET',
      url: ASSETS,
      timestamp: t.clock.ms,
      remoteAddress: '10.1.2.3',
    });
    expect(assets.code, assets.msg).toBe('00000');
    expect((await list(user.token)).data[0]?.lastUsedAt).toBe(t.clock.ms);
  });

  it('refuses a bad allow-list entry, a weak passphrase and no scope before asking for codes', async () => {
    const user = await newUser('keys-bad@example.com', true);
    const ip = await post(
      '/v1/user/api-keys/create',
      createBody({ ips: ['10.0.0.300'] }),
      user.token,
    );
    expect(ip).toMatchObject({ code: ERRORS.API_KEY_IP_INVALID.code });
    expect(ip.msg).toContain('10.0.0.300');
    const weak = await post(
      '/v1/user/api-keys/create',
      createBody({ passphrase: 'short' }),
      user.token,
    );
    expect(weak.code).toBe(ERRORS.API_KEY_PASSPHRASE_WEAK.code);
    const none = await post('/v1/user/api-keys/create', createBody({ scopes: [] }), user.token);
    expect(none.code).toBe(ERRORS.API_KEY_SCOPES_INVALID.code);
    const unknown = await post(
      '/v1/user/api-keys/create',
      createBody({ scopes: ['admin'] }),
      user.token,
    );
    expect(unknown.code).toBe(ERRORS.API_KEY_SCOPES_INVALID.code);
    expect((await list(user.token)).data).toEqual([]);
  });

  it('edits with the second factor; disables at once; enabling again needs codes; deletes', async () => {
    const user = await newUser('keys-edit@example.com', true);
    const created = await post<CreatedApiKey>(
      '/v1/user/api-keys/create',
      createBody({ googleCode: await totp(user.ga) }),
      user.token,
    );
    const apiKey = created.data.key.apiKey;
    const credentials: KeyCredentials = {
      apiKey,
      secret: created.data.secret,
      passphrase: 'Bot2026pass',
    };
    const useKey = () =>
      signed(t.app, credentials, { method: 'GET', url: ASSETS, timestamp: t.clock.ms });

    const noCode = await post('/v1/user/api-keys/update', { apiKey, label: 'renamed' }, user.token);
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const edited = await post<ApiKeySummary>(
      '/v1/user/api-keys/update',
      {
        apiKey,
        label: 'renamed',
        scopes: ['read'],
        ips: ['198.51.100.0/24'],
        googleCode: await totp(user.ga),
      },
      user.token,
    );
    expect(edited.code, edited.msg).toBe('0');
    expect(edited.data).toMatchObject({
      label: 'renamed',
      scopes: ['read'],
      ips: ['198.51.100.0/24'],
    });
    expect((await useKey()).code).toBe('40018');

    await post(
      '/v1/user/api-keys/update',
      { apiKey, ips: [], googleCode: await totp(user.ga) },
      user.token,
    );
    expect((await useKey()).code).toBe('00000');

    const off = await post<ApiKeySummary>(
      '/v1/user/api-keys/status',
      { apiKey, status: 'disabled' },
      user.token,
    );
    expect(off.data.status).toBe('disabled');
    const disabled = await useKey();
    expect(disabled).toMatchObject({ http: 401, code: '40006' });
    expect(disabled.msg).toMatch(/disabled/);

    const onNoCode = await post(
      '/v1/user/api-keys/status',
      { apiKey, status: 'active' },
      user.token,
    );
    expect(onNoCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const on = await post<ApiKeySummary>(
      '/v1/user/api-keys/status',
      { apiKey, status: 'active', googleCode: await totp(user.ga) },
      user.token,
    );
    expect(on.data.status).toBe('active');
    expect((await useKey()).code).toBe('00000');

    const other = await newUser('keys-other@example.com', true);
    const foreign = await post('/v1/user/api-keys/delete', { apiKey }, other.token);
    expect(foreign.code).toBe(ERRORS.API_KEY_NOT_FOUND.code);
    const foreignEdit = await post(
      '/v1/user/api-keys/update',
      { apiKey, label: 'mine', googleCode: await totp(other.ga) },
      other.token,
    );
    expect(foreignEdit.code).toBe(ERRORS.API_KEY_NOT_FOUND.code);

    expect((await post('/v1/user/api-keys/delete', { apiKey }, user.token)).code).toBe('0');
    expect((await list(user.token)).data).toEqual([]);
    const gone = await useKey();
    expect(gone).toMatchObject({ code: '40037' });
  });

  it(`holds at most ${API_KEY_MAX_PER_USER} keys per user`, async () => {
    const user = await newUser('keys-cap@example.com', true);
    const session = await t.app.services.sessions.authenticate(user.token);
    for (let i = 0; i < API_KEY_MAX_PER_USER; i += 1) {
      await t.app.services.apiKeys.createForOperator(session.userRowId, {
        label: `bot ${i}`,
        scopes: ['read'],
        ips: [],
      });
    }
    const over = await post(
      '/v1/user/api-keys/create',
      createBody({ googleCode: await totp(user.ga) }),
      user.token,
    );
    expect(over.code).toBe(ERRORS.API_KEY_LIMIT.code);
    expect(over.msg).toContain(String(API_KEY_MAX_PER_USER));
    expect((await list(user.token)).data).toHaveLength(API_KEY_MAX_PER_USER);
  });

  it('creates a working key from the operator command line, printed as JSON', async () => {
    await newUser('keys-cli@example.com', false);
    const run = await quay(
      [
        'api-key',
        'create',
        'keys-cli@example.com',
        '--scopes',
        'read,trade',
        '--ip',
        '192.0.2.0/24',
        '--label',
        'desk',
      ],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as KeyCredentials;
    expect(Object.keys(printed)).toEqual(['apiKey', 'secret', 'passphrase']);
    const ok = await signed(t.app, printed, {
      method: 'GET',
      url: ASSETS,
      timestamp: t.clock.ms,
      remoteAddress: '192.0.2.10',
    });
    expect(ok.code, ok.msg).toBe('00000');
    const elsewhere = await signed(t.app, printed, {
      method: 'GET',
      url: `${ASSETS}?coin=USDT`,
      timestamp: t.clock.ms,
      remoteAddress: '192.0.3.10',
    });
    expect(elsewhere.code).toBe('40018');

    const noUser = await quay(
      ['api-key', 'create', 'nobody@example.com', '--scopes', 'read'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('no account');
  });
});
