/**
 * Sub-accounts end to end through the HTTP API: a main creates subs (which
 * nobody logs in as), lists them with their assets, moves coins between
 * itself and its subs (every coin conserved), freezes a sub (its trading
 * stops), switches into a sub and back; and the attacks: a sub reads only
 * its own data and manages nothing, a main never reaches another's sub, a
 * sub's API key acts on the sub's balances only.
 */
import {
  ERRORS,
  type Balance,
  type CreatedApiKey,
  type PublicSpotAsset,
  type UserInfo,
} from '@quay/core';
import {
  MAIN_SESSION_COOKIE,
  SUB_ACCOUNT_PATHS as P,
  type SubAccountList,
  type SubAccountState,
  type SubAccountSummary,
} from '@quay/core/sub-accounts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed, type KeyCredentials } from '../../test/api-key-client';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  cookieFrom,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type Answer,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';
const ASSETS = '/api/v2/spot/account/assets';
const PLACE = '/api/v2/spot/trade/place-order';

interface Main {
  token: string;
  cookie: string;
  rowId: string;
  publicId: string;
  ga: string;
}

describe.each(STORES)('sub-accounts on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let alice: Main;
  let bob: Main;
  let s1: SubAccountSummary;
  let s2: SubAccountSummary;
  let bobSub: SubAccountSummary;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    alice = await newMain('alice@example.com');
    bob = await newMain('bob@example.com');
    await t.app.services.ledger.deposit(alice.rowId, 'USDT', '1000', 'test');
    await t.app.services.ledger.deposit(bob.rowId, 'USDT', '500', 'test');
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const totp = (secret: string) => {
    t.clock.advance(31);
    return generate({ secret, epoch: Math.floor(t.clock.ms / 1000) });
  };
  const get = <T>(path: string, token: string, query = '') =>
    call<T>(t.app, 'GET', `${path}${Q}${query}`, undefined, bearer(token));
  const post = <T = unknown>(path: string, body: unknown, token: string) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(token));

  async function newMain(email: string): Promise<Main> {
    const reg = await registerByEmail<{ token: string; userInfo: UserInfo }>(t, mail, email);
    const token = reg.data.token;
    const rowId = (await t.app.services.sessions.authenticate(token)).userRowId;
    const setup = await post<{ secret: string }>('/v1/user/security/google/setup', {}, token);
    const on = await post(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
      token,
    );
    expect(on.code, on.msg).toBe('0');
    const cookie = cookieFrom(reg.cookie).cookie as string;
    return { token, cookie, rowId, publicId: reg.data.userInfo.userId, ga: setup.data.secret };
  }

  const list = async (main: Main) => {
    const answer = await get<SubAccountList>(P.list, main.token);
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
  const usdtOf = async (rowId: string) =>
    (await t.app.services.ledger.balances(rowId, 'real')).find((b) => b.coin === 'USDT');
  const rowIdOf = async (publicId: string) =>
    (await t.store.repos.subAccounts.ofMain(alice.rowId)).find((s) => s.sub_public_id === publicId)
      ?.sub_user_id as string;

  /** Switches as a browser does (the main's cookie); answers the sub's token and the cookies set. */
  async function switchInto(main: Main, subId: string, path: string = P.switchWeb) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}${Q}`,
      headers: { 'content-type': 'application/json', cookie: main.cookie },
      payload: JSON.stringify({ userId: subId }),
    });
    const body = res.json() as Answer<{ token: string; userInfo: UserInfo }>;
    const raw = res.headers['set-cookie'];
    const cookies = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(';')[0]);
    return { body, cookies: cookies.join('; ') };
  }

  it('creates sub-accounts with a virtual email nobody logs in with', async () => {
    const created = await post<SubAccountSummary>(P.create, { name: 'grid01' }, alice.token);
    expect(created.code, created.msg).toBe('0');
    s1 = created.data;
    expect(s1).toMatchObject({
      name: 'grid01',
      email: `grid01@virtual.${alice.publicId}.sub`,
      status: 'active',
      totalUsdt: '0.00000000',
      assets: [],
    });
    s2 = (await post<SubAccountSummary>(P.create, { name: 'hedge02' }, alice.token)).data;
    bobSub = (await post<SubAccountSummary>(P.create, { name: 'grid01' }, bob.token)).data;
    expect(bobSub.email).toBe(`grid01@virtual.${bob.publicId}.sub`);

    expect((await post(P.create, { name: 'grid01' }, alice.token)).code).toBe('11603');
    for (const name of ['ab', 'Grid01', '1abc', 'a-b-c-d', 'x'.repeat(17)]) {
      const bad = await post(P.create, { name }, alice.token);
      expect(bad.code, name).not.toBe('0');
    }
    expect((await post(P.create, { name: 'grid03', extra: 1 }, alice.token)).code).not.toBe('0');
    expect((await list(alice)).subs.map((s) => s.name)).toEqual(['grid01', 'hedge02']);

    for (const pwd of ['', 'Quay2026pass', 'sub-account:no-login']) {
      const login = await call(t.app, 'POST', `/v1/user/login${Q}`, {
        loginName: s1.email,
        pwd: pwd || 'x',
      });
      expect(login.code).not.toBe('0');
      expect(login.cookie).toBeUndefined();
    }

    // Nor does a reset code for the virtual email give the sub a password.
    const sent = await call(t.app, 'POST', `/v1/msg/verify-code/send${Q}`, {
      bizType: 'reset_password',
      email: s1.email,
    });
    expect(sent.code, sent.msg).toBe('0');
    const verifyCode = mail.lastCodeFor(s1.email);
    const pwd = 'Quay2026pass!';
    for (const [path, body] of [
      ['/v1/user/password/forgot/verify', { email: s1.email, verifyCode }],
      ['/v1/user/password/reset', { email: s1.email, verifyCode, pwd, rePwd: pwd }],
    ] as const) {
      const refused = await call(t.app, 'POST', `${path}${Q}`, body);
      expect(refused.code, path).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    }
    const after = await call(t.app, 'POST', `/v1/user/login${Q}`, { loginName: s1.email, pwd });
    expect(after.code).not.toBe('0');
  });

  it('moves coins main -> sub, sub -> sub and sub -> main, every coin conserved', async () => {
    const move = (fromUserId: string, toUserId: string, amount: string, main = alice) => {
      t.clock.advance(1);
      return post(P.transfer, { fromUserId, toUserId, coin: 'USDT', amount }, main.token);
    };
    expect((await move(alice.publicId, s1.userId, '100')).code).toBe('0');
    expect((await move(s1.userId, s2.userId, '30.5')).code).toBe('0');
    expect((await move(s2.userId, alice.publicId, '10.25')).code).toBe('0');

    // Refused, and nothing moves: more than held, the same account, bad amounts, another's sub.
    expect((await move(s1.userId, s2.userId, '69.50000001')).code).toBe('13005');
    expect((await move(s1.userId, s1.userId, '1')).code).toBe('11606');
    expect((await move(alice.publicId, s1.userId, '0')).code).toBe('13013');
    expect((await move(alice.publicId, s1.userId, '-1')).code).not.toBe('0');
    expect((await move(alice.publicId, s1.userId, '1e3')).code).not.toBe('0');
    expect((await move(alice.publicId, bobSub.userId, '1')).code).toBe('11601');
    expect((await move(s1.userId, bob.publicId, '1')).code).toBe('11601');
    expect((await move(bob.publicId, s1.userId, '1', bob)).code).toBe('11601');
    const coin = await post(
      P.transfer,
      { fromUserId: alice.publicId, toUserId: s1.userId, coin: 'NOPE', amount: '1' },
      alice.token,
    );
    expect(coin.code).toBe('13012');

    expect((await usdtOf(alice.rowId))?.available).toBe('910.25000000');
    expect((await usdtOf(await rowIdOf(s1.userId)))?.available).toBe('69.50000000');
    expect((await usdtOf(await rowIdOf(s2.userId)))?.available).toBe('20.25000000');
    await expectLedgerBalanced(t.store);

    const { subs } = await list(alice);
    expect(subs[0]).toMatchObject({
      userId: s1.userId,
      totalUsdt: '69.50000000',
      assets: [{ coin: 'USDT', available: '69.50000000', frozen: '0.00000000' }],
    });
    expect(subs[1]?.totalUsdt).toBe('20.25000000');
    const history = await get<Array<{ fromUserId: string; amount: string }>>(
      P.transfers,
      alice.token,
    );
    expect(history.data.map((h) => [h.fromUserId, h.amount])).toEqual([
      [s2.userId, '10.25000000'],
      [s1.userId, '30.50000000'],
      [alice.publicId, '100.00000000'],
    ]);
    expect((await get<unknown[]>(P.transfers, bob.token)).data).toEqual([]);
  });

  it('switches into a sub without a password, acts as it, and comes back', async () => {
    const { body, cookies } = await switchInto(alice, s1.userId);
    expect(body.code, body.msg).toBe('0');
    expect(body.data.userInfo.userId).toBe(s1.userId);
    expect(cookies).toContain(`${MAIN_SESSION_COOKIE}=${alice.token}`);
    const sub = body.data.token;

    const balances = await get<Balance[]>('/v1/asset/balances', sub);
    expect(balances.data.find((b) => b.coin === 'USDT')?.available).toBe('69.50000000');
    const state = await get<SubAccountState>(P.state, sub);
    expect(state.data).toEqual({
      isSub: true,
      switched: true,
      subName: 'grid01',
      mainUserId: alice.publicId,
    });
    expect((await get<SubAccountState>(P.state, alice.token)).data.isSub).toBe(false);

    // The way back: the sub's session with the main's session kept beside it.
    const noMain = await post(P.switchBack, {}, sub);
    expect(noMain.code).toBe('11607');
    const notSwitched = await post(P.switchBack, {}, alice.token);
    expect(notSwitched.code).toBe('11607');
    const res = await t.app.inject({
      method: 'POST',
      url: `${P.switchBack}${Q}`,
      headers: { 'content-type': 'application/json', cookie: `${cookies}` },
      payload: '{}',
    });
    const back = res.json() as Answer<{ token: string; userInfo: UserInfo }>;
    expect(back.code, back.msg).toBe('0');
    expect(back.data.token).toBe(alice.token);
    expect(back.data.userInfo.userId).toBe(alice.publicId);
    expect((await get('/v1/asset/balances', sub)).code).toBe('00006');
    expect((await list(alice)).subs).toHaveLength(2);
  });

  it("ends a sub's switched session with the main's session it came from", async () => {
    // A second session of the main (another device), which switches into the sub.
    const other = await t.store.transaction((repos) =>
      t.app.services.sessions.issue(repos, alice.rowId, { ip: null, userAgent: null }),
    );
    const switched = await post<{ token: string }>(P.switchApp, { userId: s1.userId }, other.token);
    expect(switched.code, switched.msg).toBe('0');
    const sub = switched.data.token;
    expect((await get('/v1/asset/balances', sub)).code).toBe('0');

    // The main ends its other sessions from this device: the switched one ends with them.
    const ended = await post<{ ended: number }>(
      '/v1/user/security/sessions/revoke-others',
      {},
      alice.token,
    );
    expect(ended.code, ended.msg).toBe('0');
    expect((await get('/v1/asset/balances', other.token)).code).toBe('00006');
    expect((await get('/v1/asset/balances', sub)).code).toBe('00006');
    // The main's own session goes on.
    expect((await get('/v1/asset/balances', alice.token)).code).toBe('0');

    // A logout ends what was switched from it too.
    const another = await t.store.transaction((repos) =>
      t.app.services.sessions.issue(repos, alice.rowId, { ip: null, userAgent: null }),
    );
    const again = await post<{ token: string }>(P.switchApp, { userId: s1.userId }, another.token);
    expect(again.code, again.msg).toBe('0');
    expect((await post('/v1/user/logout', {}, another.token)).code).toBe('0');
    expect((await get('/v1/asset/balances', again.data.token)).code).toBe('00006');
  });

  it('keeps a sub to its own data: no sub management, no switching, no main or sibling data', async () => {
    const { body } = await switchInto(alice, s1.userId, P.switchLogin);
    const sub = body.data.token;
    expect((await get(P.list, sub)).code).toBe('11604');
    expect((await post(P.create, { name: 'nested1' }, sub)).code).toBe('11604');
    expect((await post(P.switchWeb, { userId: s2.userId }, sub)).code).toBe('11604');
    expect((await post(P.switchApp, { userId: s1.userId }, sub)).code).toBe('11604');
    expect((await post(P.freeze, { userId: s2.userId }, sub)).code).toBe('11604');
    const steal = { fromUserId: s2.userId, toUserId: s1.userId, coin: 'USDT', amount: '1' };
    expect((await post(P.transfer, steal, sub)).code).toBe('11604');
    const mainToSub = {
      fromUserId: alice.publicId,
      toUserId: s1.userId,
      coin: 'USDT',
      amount: '1',
    };
    expect((await post(P.transfer, mainToSub, sub)).code).toBe('11604');
    expect((await get(P.settings, sub, `&subUserId=${s2.userId}`)).code).toBe('11604');
    expect((await get(P.apiKeys, sub, `&subUserId=${s2.userId}`)).code).toBe('11604');
    // What the sub's session reads is the sub's own: not the main's balance, keys or logins.
    const info = await get<UserInfo>('/v1/user/overview/userinfo', sub);
    expect(info.data.userId).toBe(s1.userId);
    const balances = await get<Balance[]>('/v1/asset/balances', sub);
    expect(balances.data.find((b) => b.coin === 'USDT')?.available).toBe('69.50000000');
    expect((await get<unknown[]>('/v1/user/api-keys/list', sub)).data).toEqual([]);
    // Nor does it make itself a password or a key: it has no factor and no password.
    const key = await post(
      '/v1/user/api-keys/create',
      { label: 'x', scopes: ['read'], ips: [], passphrase: 'abcd1234' },
      sub,
    );
    expect(key.code).toBe('15003');
    expect((await usdtOf(await rowIdOf(s2.userId)))?.available).toBe('20.25000000');
    await post('/v1/user/logout', {}, sub);
  });

  it("never lets a main reach another user's sub", async () => {
    const { body } = await switchInto(bob, s1.userId);
    expect(body.code).toBe('11601');
    expect(body.data).toBeNull();
    expect((await post(P.switchWeb, { userId: alice.publicId }, bob.token)).code).toBe('11601');
    expect((await post(P.freeze, { userId: s1.userId }, bob.token)).code).toBe('11601');
    expect((await get(P.settings, bob.token, `&subUserId=${s1.userId}`)).code).toBe('11601');
    expect((await get(P.loginHistory, bob.token, `&subUserId=${s1.userId}`)).code).toBe('11601');
    expect((await get(P.apiKeys, bob.token, `&subUserId=${s1.userId}`)).code).toBe('11601');
    const anti = await post(P.antiPhishing, { subUserId: s1.userId, code: 'hack1' }, bob.token);
    expect(anti.code).toBe('11601');
    expect((await list(bob)).subs.map((s) => s.userId)).toEqual([bobSub.userId]);
  });

  it("makes a sub's API key with the main's factor; the key acts on the sub's balances only", async () => {
    const body = {
      subUserId: s1.userId,
      label: 'bot',
      scopes: ['read', 'trade'],
      ips: [],
      passphrase: 'subpass123',
    };
    expect((await post(P.createApiKey, body, alice.token)).code).toBe('11015');
    const made = await post<CreatedApiKey>(
      P.createApiKey,
      { ...body, googleCode: await totp(alice.ga) },
      alice.token,
    );
    expect(made.code, made.msg).toBe('0');
    const key: KeyCredentials = {
      apiKey: made.data.key.apiKey,
      secret: made.data.secret,
      passphrase: 'subpass123',
    };
    expect((await get<unknown[]>('/v1/user/api-keys/list', alice.token)).data).toEqual([]);
    expect(
      (
        await get<Array<{ apiKey: string }>>(P.apiKeys, alice.token, `&subUserId=${s1.userId}`)
      ).data.map((k) => k.apiKey),
    ).toEqual([key.apiKey]);

    const assets = await signed<PublicSpotAsset[]>(t.app, key, {
      method: 'GET',
      url: `${ASSETS}?coin=USDT`,
      timestamp: t.clock.ms,
    });
    expect(assets.code, assets.msg).toBe('00000');
    expect(assets.data).toMatchObject([{ coin: 'USDT', available: '69.50000000' }]);
    const order = {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: '20000',
      size: '0.001',
    };
    const placed = await signed(t.app, key, {
      method: 'POST',
      url: PLACE,
      timestamp: t.clock.ms,
      body: order,
    });
    expect(placed.code, placed.msg).toBe('00000');
    expect((await usdtOf(await rowIdOf(s1.userId)))?.frozen).toBe('20.00000000');
    expect((await usdtOf(alice.rowId))?.frozen).toBe('0.00000000');
    // More than the sub holds is refused, though the main holds plenty.
    const big = await signed(t.app, key, {
      method: 'POST',
      url: PLACE,
      timestamp: t.clock.ms,
      body: { ...order, size: '0.01' },
    });
    expect(big.code).not.toBe('00000');

    // Freezing the sub stops it trading: the key is refused, switched sessions end, none opens.
    const { body: switched } = await switchInto(alice, s1.userId);
    const frozen = await post<SubAccountSummary>(P.freeze, { userId: s1.userId }, alice.token);
    expect(frozen.data.status).toBe('frozen');
    expect((await get('/v1/asset/balances', switched.data.token)).code).toBe('00006');
    t.clock.advance(1);
    const refused = await signed(t.app, key, {
      method: 'POST',
      url: PLACE,
      timestamp: t.clock.ms,
      body: order,
    });
    expect(refused.code).toBe('40013');
    expect((await switchInto(alice, s1.userId)).body.code).toBe('11605');
    expect((await usdtOf(await rowIdOf(s1.userId)))?.frozen).toBe('20.00000000');
    // The main still moves the frozen sub's coins, and unfreezes it.
    const out = { fromUserId: s1.userId, toUserId: alice.publicId, coin: 'USDT', amount: '9.5' };
    expect((await post(P.transfer, out, alice.token)).code).toBe('0');
    expect((await post(P.unfreeze, { userId: s1.userId }, alice.token)).code).toBe('0');
    t.clock.advance(1);
    const again = await signed(t.app, key, {
      method: 'POST',
      url: PLACE,
      timestamp: t.clock.ms,
      body: order,
    });
    expect(again.code, again.msg).toBe('00000');
    await expectLedgerBalanced(t.store);
  });

  it("shows and tends a sub's settings: anti-phishing code, sessions, history", async () => {
    const { body } = await switchInto(alice, s2.userId);
    expect(body.code).toBe('0');
    const q = `&subUserId=${s2.userId}`;
    const settings = await get<{
      sessions: Array<{ id: string }>;
      antiPhishingCode: string | null;
    }>(P.settings, alice.token, q);
    expect(settings.data.sessions).toHaveLength(1);
    expect(settings.data.antiPhishingCode).toBeNull();
    const set = await post<{ antiPhishingCode: string }>(
      P.antiPhishing,
      { subUserId: s2.userId, code: 'Hedge2026' },
      alice.token,
    );
    expect(set.data.antiPhishingCode).toBe('Hedge2026');
    expect(
      (await post(P.antiPhishing, { subUserId: s2.userId, code: 'a b' }, alice.token)).code,
    ).not.toBe('0');
    const history = await get<{ total: number }>(P.loginHistory, alice.token, q);
    expect(history.data.total).toBe(1);
    const id = settings.data.sessions[0]?.id as string;
    expect((await post(P.revokeSession, { subUserId: s2.userId, id }, alice.token)).code).toBe('0');
    expect((await get('/v1/asset/balances', body.data.token)).code).toBe('00006');
  });
});
