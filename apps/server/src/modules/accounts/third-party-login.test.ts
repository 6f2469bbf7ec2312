/**
 * Telegram and wallet sign-in through the routes, with real hashes (a test
 * bot token) and real signatures (a private key through viem): the
 * identity waits under a serialNO, is bound to an existing account after its
 * password (then the second factor at third/securityVerify), or opens a new
 * account; linked identities are unlinked with the second factor, never the
 * last way into an account without a password. Refusals: a tampered or
 * stale Telegram hash, a Mini App user that is not the one named, a SIWE
 * message for another domain, an expired one, a reused nonce. Then the
 * spec's paths with signing, login encryption and device tokens on.
 */
import { ERRORS, THIRD_PARTY_PATHS as P, type LinkedIdentity, type WalletNonce } from '@quay/core';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../test/gateway-client';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { miniAppKey, telegramHash, widgetKey } from './telegram-login';

const Q = '?languageType=0';
const BOT_TOKEN = '123456789:TEST-bot-token_abcdefghijklmnopqrstuvwxyz';
const ORIGIN = 'https://quay.example';
const PASSWORD = 'Quay2026pass';
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

interface SignAnswer {
  token?: string;
  userInfo?: { userId: string; email: string | null; loginName: string };
  verification?: { ticket: string; factors: string[] };
  pending?: { serialNO: string; provider: string; label: string; boundLoginName: string | null };
}

/** Widget data as Telegram signs it, as a query string. */
function widgetData(fields: Record<string, string>, token = BOT_TOKEN): string {
  const params = new URLSearchParams(fields);
  params.set('hash', telegramHash(params, widgetKey(token)));
  return params.toString();
}

const ENV = {
  RATE_LIMIT_LOGIN_PER_MIN: '1000',
  RATE_LIMIT_CODE_PER_10MIN: '1000',
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_BOT_NAME: 'quay_test_bot',
  WALLET_LOGIN_CHAIN_IDS: '1,10',
  WALLET_LOGIN_ORIGIN: ORIGIN,
};

describe.each(STORES)('Telegram and wallet sign-in on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const account = privateKeyToAccount(KEY);

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { ...ENV, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const post = <T = SignAnswer>(path: string, body: unknown, token?: string) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, token ? bearer(token) : {});
  const nowS = () => Math.floor(t.clock.now() / 1000);

  async function signedMessage(change: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
    const issued = await post<WalletNonce>(P.walletNonce, {});
    expect(issued.code, issued.msg).toBe('0');
    expect(issued.data).toMatchObject({ domain: 'quay.example', uri: ORIGIN, chainIds: [1, 10] });
    const message = createSiweMessage({
      address: account.address,
      chainId: 1,
      domain: issued.data.domain,
      uri: issued.data.uri,
      nonce: issued.data.nonce,
      version: '1',
      issuedAt: new Date(t.clock.now()),
      expirationTime: new Date(t.clock.now() + 300_000),
      ...change,
    });
    const signature = await account.signMessage({ message });
    return { message, signature, publicAddress: account.address };
  }

  it('opens a Telegram account with no contact, signs it in again, and keeps its last way in', async () => {
    const fields = { id: '777000111', first_name: 'Tele', username: 'tele_user' };
    const first = await post(P.tgSign, {
      sign: widgetData({ ...fields, auth_date: String(nowS()) }),
    });
    expect(first.code, first.msg).toBe('0');
    expect(first.data.pending).toMatchObject({ provider: 'telegram', label: '@tele_user' });
    const made = await post(P.tgGenerateVirtual, { serialNO: first.data.pending?.serialNO });
    expect(made.code, made.msg).toBe('0');
    expect(made.data.userInfo).toMatchObject({ email: null, mobile: null });
    const userId = made.data.userInfo?.userId;

    // The Mini App's initData for the same user logs the same account in.
    const init = new URLSearchParams({
      query_id: 'AAE',
      user: JSON.stringify({ id: 777000111, first_name: 'Tele', username: 'tele_user' }),
      auth_date: String(nowS()),
    });
    init.set('hash', telegramHash(init, miniAppKey(BOT_TOKEN)));
    const mini = await post(P.tgSignV2, { initData: init.toString(), id: '777000111' });
    expect(mini.code, mini.msg).toBe('0');
    expect(mini.data.userInfo?.userId).toBe(userId);
    const notNamed = await post(P.tgSignV2, { initData: init.toString(), id: '777000112' });
    expect(notNamed.code).toBe(ERRORS.TELEGRAM_HASH_INVALID.code);
    // The widget's key is not the Mini App's.
    const crossed = await post(P.tgSign, { sign: init.toString() });
    expect(crossed.code).toBe(ERRORS.TELEGRAM_HASH_INVALID.code);

    const token = mini.data.token ?? '';
    const linked = await call<LinkedIdentity[]>(
      t.app,
      'GET',
      `${P.list}${Q}`,
      undefined,
      bearer(token),
    );
    expect(linked.data).toMatchObject([
      { provider: 'telegram', kind: 'telegram', label: '@tele_user' },
    ]);
    const last = await post(P.unbind, { id: linked.data[0]?.id }, token);
    expect(last.code).toBe(ERRORS.IDENTITY_LAST_WAY_IN.code);
  });

  it('refuses tampered and stale Telegram data', async () => {
    const good = widgetData({ id: '42', first_name: 'Ann', auth_date: String(nowS()) });
    const tampered = good.replace('id=42', 'id=43');
    expect((await post(P.tgSign, { sign: tampered })).code).toBe(ERRORS.TELEGRAM_HASH_INVALID.code);
    const otherBot = widgetData(
      { id: '42', first_name: 'Ann', auth_date: String(nowS()) },
      '987654321:ANOTHER-bot-token_abcdefghijklmnopq',
    );
    expect((await post(P.tgSign, { sign: otherBot })).code).toBe(ERRORS.TELEGRAM_HASH_INVALID.code);
    const stale = widgetData({ id: '42', first_name: 'Ann', auth_date: String(nowS() - 3601) });
    expect((await post(P.tgSign, { sign: stale })).code).toBe(ERRORS.TELEGRAM_AUTH_EXPIRED.code);
    expect((await post(P.tgSign, { sign: good })).code).toBe('0');
  });

  it('binds a wallet to an account by its password, asks its second factor, then signs it in', async () => {
    const reg = await registerByEmail<{ token: string; userInfo: { userId: string } }>(
      t,
      mail,
      'holder@example.com',
    );
    expect(reg.code, reg.msg).toBe('0');
    const owner = reg.data.token;
    t.clock.advance(t.config.codeResend_s + 1);
    await post('/v1/user/security/send-code', { channel: 'email' }, owner);
    const on = await post(
      '/v1/user/security/modify',
      { factor: 'email', enable: true, emailCode: mail.lastCodeFor('holder@example.com') },
      owner,
    );
    expect(on.code, on.msg).toBe('0');

    const signed = await signedMessage();
    const first = await post(P.walletSign, signed);
    expect(first.code, first.msg).toBe('0');
    expect(first.data.pending).toMatchObject({ provider: 'wallet', label: account.address });
    const serialNO = first.data.pending?.serialNO ?? '';

    const wrongPwd = await post(P.walletCheck, {
      loginName: 'holder@example.com',
      pwd: 'Wrong2026pass',
      signature: signed.signature,
    });
    expect(wrongPwd.code).toBe(ERRORS.LOGIN_FAILED.code);
    const proved = await post<{ boundLoginName: string }>(P.walletCheck, {
      loginName: 'holder@example.com',
      pwd: PASSWORD,
      signature: signed.signature,
    });
    expect(proved.code, proved.msg).toBe('0');
    expect(proved.data.boundLoginName).toBe('ho***@example.com');

    const chosen = await post(P.bindChoose, { serialNO, email: 'holder@example.com' });
    expect(chosen.code, chosen.msg).toBe('0');
    expect(chosen.data.token).toBeUndefined();
    expect(chosen.data.verification?.factors).toEqual(['email']);
    const ticket = chosen.data.verification?.ticket ?? '';
    t.clock.advance(t.config.codeResend_s + 1);
    expect((await post('/v1/user/login/send-code', { ticket, channel: 'email' })).code).toBe('0');
    const missing = await post(P.securityVerify, { ticket });
    expect(missing.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const verified = await post(P.securityVerify, {
      ticket,
      emailCode: mail.lastCodeFor('holder@example.com'),
    });
    expect(verified.code, verified.msg).toBe('0');
    expect(verified.cookie).toMatch(/^quay_session=/);
    expect(verified.data.userInfo?.userId).toBe(reg.data.userInfo.userId);

    // Signed in by the wallet from now on (the second factor still asked).
    const again = await post(P.walletSign, await signedMessage());
    expect(again.data.verification?.factors).toEqual(['email']);

    // Unlinking asks the second factor; the password keeps the account reachable.
    const linked = await call<LinkedIdentity[]>(
      t.app,
      'GET',
      `${P.list}${Q}`,
      undefined,
      bearer(owner),
    );
    const id = linked.data[0]?.id ?? '';
    expect(linked.data).toMatchObject([{ kind: 'wallet', label: account.address }]);
    const noCode = await post(P.unbind, { id }, owner);
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    t.clock.advance(t.config.codeResend_s + 1);
    await post('/v1/user/security/send-code', { channel: 'email' }, owner);
    const gone = await post(
      P.unbind,
      { id, emailCode: mail.lastCodeFor('holder@example.com') },
      owner,
    );
    expect(gone.code, gone.msg).toBe('0');
    const after = await post(P.walletSign, await signedMessage());
    expect(after.data.pending?.provider).toBe('wallet');
  });

  it('refuses a SIWE message for another domain, an expired one, a reused nonce and a forged signature', async () => {
    const elsewhere = await signedMessage({ domain: 'evil.example', uri: 'https://evil.example' });
    expect((await post(P.walletSign, elsewhere)).code).toBe(ERRORS.WALLET_MESSAGE_INVALID.code);
    const otherChain = await signedMessage({ chainId: 5 });
    expect((await post(P.walletSign, otherChain)).code).toBe(ERRORS.WALLET_MESSAGE_INVALID.code);
    const expired = await signedMessage({ expirationTime: new Date(t.clock.now() - 1000) });
    expect((await post(P.walletSign, expired)).code).toBe(ERRORS.WALLET_MESSAGE_EXPIRED.code);
    const once = await signedMessage();
    expect((await post(P.walletSign, once)).code).toBe('0');
    expect((await post(P.walletSign, once)).code).toBe(ERRORS.WALLET_NONCE_INVALID.code);
    const made = await signedMessage({ nonce: 'abcdefgh12345678' });
    expect((await post(P.walletSign, made)).code).toBe(ERRORS.WALLET_NONCE_INVALID.code);
    const other = privateKeyToAccount(`0x${'1'.repeat(64)}`);
    const forged = await signedMessage();
    const wrongKey = { ...forged, signature: await other.signMessage({ message: forged.message }) };
    expect((await post(P.walletSign, wrongKey)).code).toBe(ERRORS.WALLET_SIGNATURE_INVALID.code);
  });

  it('opens a wallet account with a mailed code, not with someone else’s address', async () => {
    const first = await post(P.walletSign, await signedMessage());
    const serialNO = first.data.pending?.serialNO ?? '';
    const unverified = await post(P.bindChoose, { serialNO, email: 'new-wallet@example.com' });
    expect(unverified.code).toBe(ERRORS.THIRD_PARTY_EMAIL_UNVERIFIED.code);
    t.clock.advance(t.config.codeResend_s + 1);
    await post('/v1/msg/verify-code/send', {
      bizType: 'register',
      email: 'new-wallet@example.com',
    });
    const made = await post(P.registerWallet, {
      serialNO,
      email: 'new-wallet@example.com',
      verifyCode: mail.lastCodeFor('new-wallet@example.com'),
    });
    expect(made.code, made.msg).toBe('0');
    expect(made.data.userInfo?.email).toBe('ne***@example.com');
    const back = await post(P.walletSign, await signedMessage());
    expect(back.data.userInfo?.userId).toBe(made.data.userInfo?.userId);
    // A Telegram serialNO is not a wallet's.
    const tg = await post(P.tgSign, {
      sign: widgetData({ id: '99', first_name: 'Z', auth_date: String(nowS()) }),
    });
    const crossed = await post(P.registerWallet, {
      serialNO: tg.data.pending?.serialNO,
      email: 'cross@example.com',
      verifyCode: '123456',
    });
    expect(crossed.code).toBe(ERRORS.THIRD_PARTY_SERIAL_INVALID.code);
  });
});

describe('third-party paths with signing, encryption and device tokens on', () => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp('sqlite', {
      ...ENV,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('signs tg/sign and tg/checkUserExit, encrypts the password, and asks for the device token', async () => {
    const client = await new GatewayClient(t).init();
    t.clock.advance(t.config.codeResend_s + 1);
    await client.post('/v1/msg/verify-code/send', {
      bizType: 'register',
      email: 'gw-tg@example.com',
    });
    const made = await client.post('/v1/user/register/email', {
      email: 'gw-tg@example.com',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: mail.lastCodeFor('gw-tg@example.com'),
    });
    expect(made.code, made.msg).toBe('0');

    const params = new URLSearchParams({
      id: '555',
      first_name: 'G',
      auth_date: String(Math.floor(t.clock.now() / 1000)),
    });
    params.set('hash', telegramHash(params, widgetKey(BOT_TOKEN)));
    const body = { sign: params.toString() };
    const unsigned = await call(t.app, 'POST', `${P.tgSign}${Q}`, body);
    expect(unsigned.code).toBe(ERRORS.SIGN_MISSING.code);
    const noDevice = await client.send(
      await client.prepare(P.tgSign, body, { headers: { 'device-token': '' } }),
    );
    expect(noDevice.code).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);
    const signed = await client.post<SignAnswer>(P.tgSign, body);
    expect(signed.code, signed.msg).toBe('0');
    const serialNO = signed.data.pending?.serialNO ?? '';

    const check = { loginName: 'gw-tg@example.com', pwd: PASSWORD, serialNO };
    const clear = await client.send(
      await client.prepare(P.tgCheckUserExit, check, { encrypt: false }),
    );
    expect(clear.code).toBe(ERRORS.BODY_NOT_ENCRYPTED.code);
    const proved = await client.post<{ boundLoginName: string }>(P.tgCheckUserExit, check);
    expect(proved.code, proved.msg).toBe('0');
    const chosen = await client.post<SignAnswer>(P.bindChoose, {
      serialNO,
      email: 'gw-tg@example.com',
    });
    expect(chosen.code, chosen.msg).toBe('0');
    expect(chosen.data.userInfo?.userId).toBe((made.data as SignAnswer).userInfo?.userId);
  });
});
