/**
 * Passkeys and QR login through the routes, on each store: registration and
 * login ceremonies answered by a software authenticator (ES256), removal
 * behind the second factor, the refusals (another origin, a replayed
 * challenge, a counter that does not move, a key of another user), and QR
 * keys approved from another session: once, before they expire, only by the
 * user who opened them, only for the browser that asked. Then both again
 * with signing and device tokens on.
 */
import { ERRORS, QR_LOGIN_TTL_S, type PasskeyInfo, type QrKeyIssued } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { GatewayClient } from '../../test/gateway-client';
import { SoftAuthenticator, type Ceremony } from '../../test/soft-authenticator';

const Q = '?languageType=0';
/** app.inject's requests are sent to localhost: the relying party by default. */
const HERE: Ceremony = { origin: 'http://localhost', rpId: 'localhost' };
const BROWSER = { terminalcode: 'browser-device-0001', 'user-agent': 'Mozilla/5.0 Test' };

interface Session {
  token: string;
  userInfo: { userId: string };
}
interface QrStatus {
  status: string;
  token?: string;
  userInfo?: { userId: string };
}

describe.each(STORES)('passkeys and QR login on %s', (store) => {
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
    await t.close();
    await mail.stop();
  });

  const post = <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => call<T>(t.app, 'POST', `${path}${Q}`, body, { ...(token ? bearer(token) : {}), ...headers });
  const get = <T = Record<string, unknown>>(path: string, token: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(token));

  async function register(email: string): Promise<Session> {
    const made = await registerByEmail<Session>(t, mail, email);
    expect(made.code, made.msg).toBe('0');
    return made.data;
  }

  async function addPasskey(token: string, key: SoftAuthenticator, at = HERE) {
    const options = await post<{ challenge: string; user: { id: string }; rp: { id: string } }>(
      '/v1/user/fido2/start-register',
      {},
      token,
    );
    expect(options.code, options.msg).toBe('0');
    return post<PasskeyInfo>(
      '/v1/user/fido2/finish-register',
      { credential: key.register(options.data, at), name: 'Laptop' },
      token,
    );
  }

  async function passkeyLogin(key: SoftAuthenticator, at = HERE, step = 1) {
    const options = await post<{ challenge: string }>('/v1/user/public/fido2/start-auth', {});
    expect(options.code, options.msg).toBe('0');
    const assertion = key.assert(options.data, at, step);
    return {
      assertion,
      answer: await post<Session>('/v1/user/login/verify-auth-login', {
        fidoVerifyCode: JSON.stringify(assertion),
      }),
    };
  }

  it('registers a passkey in settings and logs in with it, with no password', async () => {
    const me = await register('passkey@example.com');
    const key = new SoftAuthenticator();
    const options = await post<{ rp: { id: string }; authenticatorSelection: unknown }>(
      '/v1/user/fido2/start-register',
      {},
      me.token,
    );
    expect(options.data.rp.id).toBe('localhost');
    const added = await post<PasskeyInfo>(
      '/v1/user/fido2/finish-register',
      { credential: key.register(options.data as never, HERE), name: 'Laptop' },
      me.token,
    );
    expect(added.code, added.msg).toBe('0');
    expect(added.data).toMatchObject({ id: key.id, name: 'Laptop', lastUsedAt: null });
    const list = await get<PasskeyInfo[]>('/v1/user/fido2/list', me.token);
    expect(list.data.map((p) => p.id)).toEqual([key.id]);

    const { answer, assertion } = await passkeyLogin(key);
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.cookie).toMatch(/^quay_session=/);
    expect(answer.data.userInfo.userId).toBe(me.userInfo.userId);
    const info = await get<{ userId: string }>('/v1/user/overview/userinfo', answer.data.token);
    expect(info.data.userId).toBe(me.userInfo.userId);
    expect((await get<PasskeyInfo[]>('/v1/user/fido2/list', me.token)).data[0]?.lastUsedAt).toBe(
      t.clock.now(),
    );

    // The same assertion again: its challenge is spent.
    const replayed = await post('/v1/user/login/verify-auth-login', {
      fidoVerifyCode: JSON.stringify(assertion),
    });
    expect(replayed.code).toBe(ERRORS.PASSKEY_CHALLENGE_INVALID.code);
    // A counter that does not move forward: a copied authenticator.
    const cloned = await passkeyLogin(key, HERE, 0);
    expect(cloned.answer.code).toBe(ERRORS.PASSKEY_COUNTER_INVALID.code);
    // The next honest use still works.
    expect((await passkeyLogin(key)).answer.code).toBe('0');
  });

  it('refuses a passkey ceremony from another origin or for another relying party', async () => {
    const me = await register('origin@example.com');
    const evil = new SoftAuthenticator();
    const foreign = await addPasskey(me.token, evil, { ...HERE, origin: 'https://evil.example' });
    expect(foreign.code).toBe(ERRORS.PASSKEY_VERIFY_FAILED.code);
    const otherRp = await addPasskey(me.token, evil, { ...HERE, rpId: 'evil.example' });
    expect(otherRp.code).toBe(ERRORS.PASSKEY_VERIFY_FAILED.code);
    expect((await get<PasskeyInfo[]>('/v1/user/fido2/list', me.token)).data).toEqual([]);

    const key = new SoftAuthenticator();
    expect((await addPasskey(me.token, key)).code).toBe('0');
    const phished = await passkeyLogin(key, { ...HERE, origin: 'https://evil.example' });
    expect(phished.answer.code).toBe(ERRORS.PASSKEY_VERIFY_FAILED.code);
    expect(phished.answer.cookie).toBeUndefined();
    // A key nobody registered.
    const stranger = await passkeyLogin(new SoftAuthenticator());
    expect(stranger.answer.code).toBe(ERRORS.PASSKEY_NOT_FOUND.code);
    // Not JSON, or not an assertion.
    for (const fidoVerifyCode of ['nope', '{"type":"public-key"}']) {
      const bad = await post('/v1/user/login/verify-auth-login', { fidoVerifyCode });
      expect(bad.code).toBe(ERRORS.PASSKEY_VERIFY_FAILED.code);
    }
    const missing = await post('/v1/user/login/verify-auth-login', {});
    expect(missing.http).toBe(400);
  });

  it('removes a passkey only with the second factor, and only its owner', async () => {
    const me = await register('remove@example.com');
    const other = await register('remove-other@example.com');
    const key = new SoftAuthenticator();
    expect((await addPasskey(me.token, key)).code).toBe('0');

    const notMine = await post('/v1/user/fido2/remove', { id: key.id }, other.token);
    expect(notMine.code).toBe(ERRORS.PASSKEY_NOT_FOUND.code);
    const noCode = await post('/v1/user/fido2/remove', { id: key.id }, me.token);
    expect(noCode.code).not.toBe('0');
    expect((await get<PasskeyInfo[]>('/v1/user/fido2/list', me.token)).data).toHaveLength(1);

    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await post('/v1/user/security/send-code', { channel: 'email' }, me.token);
    expect(sent.code, sent.msg).toBe('0');
    const emailCode = mail.lastCodeFor('remove@example.com');
    const removed = await post('/v1/user/fido2/remove', { id: key.id, emailCode }, me.token);
    expect(removed.code, removed.msg).toBe('0');
    expect((await get<PasskeyInfo[]>('/v1/user/fido2/list', me.token)).data).toEqual([]);
    expect((await passkeyLogin(key)).answer.code).toBe(ERRORS.PASSKEY_NOT_FOUND.code);
  });

  async function qrKey(headers = BROWSER): Promise<string> {
    const made = await post<QrKeyIssued>('/v1/user/public/qrcode/create', {}, undefined, headers);
    expect(made.code, made.msg).toBe('0');
    expect(made.data.expireTime).toBe(t.clock.now() + QR_LOGIN_TTL_S * 1000);
    return made.data.qrcodeKey;
  }
  const poll = (qrcodeKey: string, headers = BROWSER) =>
    post<QrStatus>('/v1/user/public/getQrKeyStatus', { qrcodeKey }, undefined, headers);

  it('logs a browser in once another session approves its QR code, and only once', async () => {
    const me = await register('qr@example.com');
    const key = await qrKey();
    expect((await poll(key)).data.status).toBe('waiting');

    const scanned = await post<{ userAgent: string }>(
      '/v1/user/qrcode/scan',
      { qrcodeKey: key },
      me.token,
    );
    expect(scanned.code, scanned.msg).toBe('0');
    expect(scanned.data.userAgent).toBe('Mozilla/5.0 Test');
    expect((await poll(key)).data.status).toBe('scanned');
    expect((await post('/v1/user/qrcode/confirm', { qrcodeKey: key }, me.token)).code).toBe('0');

    // Another browser polling the same key learns nothing and gets no session.
    const elsewhere = await poll(key, { ...BROWSER, terminalcode: 'another-device-02' });
    expect(elsewhere.code).toBe(ERRORS.QR_KEY_INVALID.code);

    const done = await poll(key);
    expect(done.code, done.msg).toBe('0');
    expect(done.data.status).toBe('confirmed');
    expect(done.data.userInfo?.userId).toBe(me.userInfo.userId);
    expect(done.cookie).toMatch(/^quay_session=/);
    const info = await get<{ userId: string }>('/v1/user/overview/userinfo', done.data.token ?? '');
    expect(info.data.userId).toBe(me.userInfo.userId);

    // Reused: the key is spent.
    const again = await poll(key);
    expect(again.code).toBe(ERRORS.QR_KEY_INVALID.code);
    expect(again.cookie).toBeUndefined();
    expect((await post('/v1/user/qrcode/confirm', { qrcodeKey: key }, me.token)).code).toBe(
      ERRORS.QR_KEY_INVALID.code,
    );
  });

  it('refuses an expired QR key, a canceled one, and the approval of another user', async () => {
    const me = await register('qr-owner@example.com');
    const intruder = await register('qr-intruder@example.com');

    const late = await qrKey();
    t.clock.advance(QR_LOGIN_TTL_S + 1);
    expect((await poll(late)).data.status).toBe('expired');
    expect((await post('/v1/user/qrcode/scan', { qrcodeKey: late }, me.token)).code).toBe(
      ERRORS.QR_KEY_EXPIRED.code,
    );

    const scannedLate = await qrKey();
    expect((await post('/v1/user/qrcode/scan', { qrcodeKey: scannedLate }, me.token)).code).toBe(
      '0',
    );
    t.clock.advance(QR_LOGIN_TTL_S + 1);
    expect((await post('/v1/user/qrcode/confirm', { qrcodeKey: scannedLate }, me.token)).code).toBe(
      ERRORS.QR_KEY_EXPIRED.code,
    );
    const expiredPoll = await poll(scannedLate);
    expect(expiredPoll.data).toEqual({ status: 'expired' });

    const key = await qrKey();
    expect((await post('/v1/user/qrcode/scan', { qrcodeKey: key }, me.token)).code).toBe('0');
    const hijack = await post('/v1/user/qrcode/confirm', { qrcodeKey: key }, intruder.token);
    expect(hijack.code).toBe(ERRORS.QR_KEY_OTHER_USER.code);
    const rescan = await post('/v1/user/qrcode/scan', { qrcodeKey: key }, intruder.token);
    expect(rescan.code).toBe(ERRORS.QR_KEY_OTHER_USER.code);
    expect((await poll(key)).data.status).toBe('scanned');
    // Confirm without a scan is refused too.
    const unscanned = await qrKey();
    expect((await post('/v1/user/qrcode/confirm', { qrcodeKey: unscanned }, me.token)).code).toBe(
      ERRORS.QR_KEY_INVALID.code,
    );

    expect((await post('/v1/user/qrcode/cancel', { qrcodeKey: key }, me.token)).code).toBe('0');
    const canceled = await poll(key);
    expect(canceled.data).toEqual({ status: 'canceled' });
    expect((await post('/v1/user/qrcode/confirm', { qrcodeKey: key }, me.token)).code).toBe(
      ERRORS.QR_KEY_INVALID.code,
    );
    const unknown = await poll('x'.repeat(32));
    expect(unknown.code).toBe(ERRORS.QR_KEY_INVALID.code);
    const badKey = await poll('short');
    expect(badKey.http).toBe(400);
    const anonymous = await post('/v1/user/qrcode/scan', { qrcodeKey: key });
    expect(anonymous.code).not.toBe('0');
  });
});

describe('passkey and QR login as signed calls with device tokens', () => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp('sqlite', {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
      WEBAUTHN_RP_ID: 'quay.example',
      WEBAUTHN_ORIGINS: 'https://quay.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('signs verify-auth-login and getQrKeyStatus, and asks start-register, the QR key request and getQrKeyStatus for the device token', async () => {
    const client = await new GatewayClient(t).init();
    t.clock.advance(t.config.codeResend_s + 1);
    await client.post('/v1/msg/verify-code/send', { bizType: 'register', email: 'gw@example.com' });
    const made = await client.post<Session>('/v1/user/register/email', {
      email: 'gw@example.com',
      pwd: 'Quay2026pass',
      rePwd: 'Quay2026pass',
      verifyCode: mail.lastCodeFor('gw@example.com'),
    });
    expect(made.code, made.msg).toBe('0');
    const token = made.data.token;
    const at: Ceremony = { origin: 'https://quay.example', rpId: 'quay.example' };

    // start-register without the device token is refused; with it, the configured relying party.
    const bare = await call(t.app, 'POST', `/v1/user/fido2/start-register${Q}`, {}, bearer(token));
    expect(bare.code).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);
    const options = await client.post<{
      challenge: string;
      user: { id: string };
      rp: { id: string };
    }>('/v1/user/fido2/start-register', {}, bearer(token));
    expect(options.code, options.msg).toBe('0');
    expect(options.data.rp.id).toBe('quay.example');
    const key = new SoftAuthenticator();
    const added = await client.post(
      '/v1/user/fido2/finish-register',
      {
        credential: key.register(options.data, at),
      },
      bearer(token),
    );
    expect(added.code, added.msg).toBe('0');

    const authOptions = await client.post<{ challenge: string }>(
      '/v1/user/public/fido2/start-auth',
      {},
    );
    const body = { fidoVerifyCode: JSON.stringify(key.assert(authOptions.data, at)) };
    const unsigned = await call(t.app, 'POST', `/v1/user/login/verify-auth-login${Q}`, body);
    expect(unsigned.code).toBe(ERRORS.SIGN_MISSING.code);
    const login = await client.post<Session>('/v1/user/login/verify-auth-login', body);
    expect(login.code, login.msg).toBe('0');
    expect(login.data.userInfo.userId).toBe(made.data.userInfo.userId);

    const browser = { terminalcode: client.deviceId };
    const bareQr = await call(t.app, 'POST', `/v1/user/public/qrcode/create${Q}`, {}, browser);
    expect(bareQr.code).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);
    const qr = await client.post<QrKeyIssued>('/v1/user/public/qrcode/create', {});
    const qrcodeKey = qr.data.qrcodeKey;
    const unsignedPoll = await call(
      t.app,
      'POST',
      `/v1/user/public/getQrKeyStatus${Q}`,
      { qrcodeKey },
      browser,
    );
    expect(unsignedPoll.code).toBe(ERRORS.SIGN_MISSING.code);
    expect(
      (await client.post<QrStatus>('/v1/user/public/getQrKeyStatus', { qrcodeKey })).data.status,
    ).toBe('waiting');
    await client.post('/v1/user/qrcode/scan', { qrcodeKey }, bearer(token));
    await client.post('/v1/user/qrcode/confirm', { qrcodeKey }, bearer(token));
    const done = await client.post<QrStatus>('/v1/user/public/getQrKeyStatus', { qrcodeKey });
    expect(done.code, done.msg).toBe('0');
    expect(done.data.userInfo?.userId).toBe(made.data.userInfo.userId);
  });
});
