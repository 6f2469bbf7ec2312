import { ERRORS, type AgencyOverview, type LoginAnswer } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from '../assets';
import { GatewayClient } from '../../test/gateway-client';
import { STORES, bearer, call, codeIn, outbox, startApp, type TestApp } from '../../test/harness';
import { quay, storeEnv } from '../../test/operator-cli';

const PASSWORD = 'Quay2026pass';
const Q = '?languageType=0';

interface Account {
  client: GatewayClient;
  token: string;
  userRowId: string;
  referralCode: string;
}

describe.each(STORES)('agency login and dashboard on %s', (store) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const mailCode = (to: string) =>
    codeIn(
      outbox(t.dataDir, 'mail.log')
        .filter((m) => m.to === to)
        .at(-1)?.text,
    );

  /** An account registered from a browser of its own (signed, encrypted, device token). */
  async function register(email: string, extra: Record<string, string> = {}): Promise<Account> {
    const client = await new GatewayClient(t).init();
    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await client.post('/v1/msg/verify-code/send', { bizType: 'register', email });
    expect(sent.code, sent.msg).toBe('0');
    const made = await client.post<{ token: string; userInfo: { referralCode: string } }>(
      '/v1/user/register/email',
      { email, pwd: PASSWORD, rePwd: PASSWORD, verifyCode: mailCode(email), ...extra },
    );
    expect(made.code, made.msg).toBe('0');
    const session = await t.app.services.sessions.authenticate(made.data.token);
    return {
      client,
      token: made.data.token,
      userRowId: session.userRowId,
      referralCode: made.data.userInfo.referralCode,
    };
  }

  const agencyLogin = (client: GatewayClient, loginName: string, pwd = PASSWORD) =>
    client.post<LoginAnswer>('/v1/user/agency/login', { loginName, pwd });

  const overview = (token: string) =>
    call<AgencyOverview>(t.app, 'GET', `/v1/agency/overview${Q}&t=1`, undefined, bearer(token));

  it('refuses an account that is no agency once its password is right, and a wrong password as any login', async () => {
    const plain = await register('plain@example.com');
    const refused = await agencyLogin(plain.client, 'plain@example.com');
    expect(refused.code).toBe(ERRORS.AGENCY_NOT_GRANTED.code);
    expect(refused.msg).toBe('This account is not an agency: use the regular login');
    expect(refused.cookie).toBeUndefined();
    const wrong = await agencyLogin(plain.client, 'plain@example.com', 'Wrong2026pass');
    expect(wrong.code).toBe(ERRORS.LOGIN_FAILED.code);
    const unknown = await agencyLogin(plain.client, 'nobody@example.com');
    expect(unknown.code).toBe(ERRORS.LOGIN_FAILED.code);
    expect((await overview(plain.token)).code).toBe(ERRORS.AGENCY_NOT_GRANTED.code);
  });

  it('is granted by the operator and shows the accounts its code brought in with their volume', async () => {
    const agency = await register('agency@example.com');
    const invitee = await register('invitee@example.com', { registerVipNo: agency.referralCode });
    const maker = await register('maker@example.com');

    const grant = await quay(
      ['agency', 'grant', 'agency@example.com', '2500'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(grant.stderr).toBe('');
    expect(grant.code).toBe(0);
    expect(grant.stdout).toContain('agency@example.com');
    const badShare = await quay(
      ['agency', 'grant', 'agency@example.com', '10001'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(badShare.code).toBe(2);

    // The invitee buys 0.01 BTC at 50,000 from a maker: 500 USDT of volume.
    await creditDeposit(t.store, maker.userRowId, 'BTC', '0.01', 'outside', t.clock.now());
    await creditDeposit(t.store, invitee.userRowId, 'USDT', '1000', 'outside', t.clock.now());
    const order = { symbol: 'BTCUSDT', type: 'limit', price: '50000', quantity: '0.01' };
    const ask = await maker.client.post(
      '/v1/spot/order/place',
      { ...order, side: 'sell' },
      bearer(maker.token),
    );
    expect(ask.code, ask.msg).toBe('0');
    const bid = await invitee.client.post(
      '/v1/spot/order/place',
      { ...order, side: 'buy' },
      bearer(invitee.token),
    );
    expect(bid.code, bid.msg).toBe('0');

    const login = await agencyLogin(agency.client, 'agency@example.com');
    expect(login.code, login.msg).toBe('0');
    expect(login.cookie).toBeDefined();
    const token = (login.data as { token: string }).token;
    const dashboard = await overview(token);
    expect(dashboard.code, dashboard.msg).toBe('0');
    expect(dashboard.data).toMatchObject({
      referralCode: agency.referralCode,
      commissionShareBps: 2500,
      inviteeCount: 1,
      spotVolume: '500.00000000',
      futuresVolume: '0.00000000',
    });
    expect(dashboard.data.invitees).toHaveLength(1);
    expect(dashboard.data.invitees[0]).toMatchObject({
      spotVolume: '500.00000000',
      futuresVolume: '0.00000000',
    });
    // Masked: the agency tells its accounts apart without identifying them.
    expect(dashboard.data.invitees[0]?.userId).toMatch(/^\d{2}\*+\d{2}$/);

    const revoke = await quay(
      ['agency', 'revoke', 'agency@example.com'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(revoke.code).toBe(0);
    expect((await overview(token)).code).toBe(ERRORS.AGENCY_NOT_GRANTED.code);
    expect((await agencyLogin(agency.client, 'agency@example.com')).code).toBe(
      ERRORS.AGENCY_NOT_GRANTED.code,
    );
  });

  it('takes the second factor on its own verify-login, for agencies only', async () => {
    const agency = await register('agency2fa@example.com');
    const plain = await register('plain2fa@example.com');
    for (const who of [agency, plain]) {
      t.clock.advance(61);
      const address = who === agency ? 'agency2fa@example.com' : 'plain2fa@example.com';
      await who.client.post('/v1/user/security/send-code', { channel: 'email' }, bearer(who.token));
      const on = await who.client.post(
        '/v1/user/security/modify',
        { factor: 'email', enable: true, emailCode: mailCode(address) },
        bearer(who.token),
      );
      expect(on.code, on.msg).toBe('0');
    }
    await quay(
      ['agency', 'grant', 'agency2fa@example.com', '1000'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );

    // A user login's ticket of an account that is no agency: refused on the agency's path.
    const userLogin = await plain.client.post<{ verification: { ticket: string } }>(
      '/v1/user/login',
      { loginName: 'plain2fa@example.com', pwd: PASSWORD },
    );
    t.clock.advance(61);
    const plainTicket = userLogin.data.verification.ticket;
    await plain.client.post('/v1/user/login/send-code', { ticket: plainTicket, channel: 'email' });
    const notAgency = await plain.client.post('/v1/user/agency/verify-login', {
      ticket: plainTicket,
      emailCode: mailCode('plain2fa@example.com'),
    });
    expect(notAgency.code).toBe(ERRORS.AGENCY_NOT_GRANTED.code);

    const step = await agencyLogin(agency.client, 'agency2fa@example.com');
    expect(step.code, step.msg).toBe('0');
    const ticket = (step.data as { verification: { ticket: string; factors: string[] } })
      .verification;
    expect(ticket.factors).toEqual(['email']);
    t.clock.advance(61);
    await agency.client.post('/v1/user/login/send-code', {
      ticket: ticket.ticket,
      channel: 'email',
    });
    const bad = await agency.client.post('/v1/user/agency/verify-login', {
      ticket: ticket.ticket,
      emailCode: '000000',
    });
    expect(bad.code).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    const badTicket = await agency.client.post('/v1/user/agency/verify-login', {
      ticket: 'x'.repeat(43),
      emailCode: '000000',
    });
    expect(badTicket.code).toBe(ERRORS.LOGIN_TICKET_INVALID.code);
    const session = await agency.client.post<{ token: string }>('/v1/user/agency/verify-login', {
      ticket: ticket.ticket,
      emailCode: mailCode('agency2fa@example.com'),
    });
    expect(session.code, session.msg).toBe('0');
    expect((await overview(session.data.token)).data.commissionShareBps).toBe(1000);
  });

  it('refuses the agency paths unsigned or without the device token', async () => {
    const agency = await register('agency-gw@example.com');
    const body = { loginName: 'agency-gw@example.com', pwd: PASSWORD };
    const calls: [string, Record<string, string>][] = [
      ['/v1/user/agency/login', body],
      ['/v1/user/agency/verify-login', { ticket: 'x'.repeat(43), emailCode: '000000' }],
    ];
    for (const [path, sent] of calls) {
      const noToken = await agency.client.post(path, sent, { 'device-token': '' });
      expect(noToken.code, path).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);
      const prepared = await agency.client.prepare(path, sent);
      const unsigned = Object.fromEntries(
        Object.entries(prepared.headers).filter(([name]) => !name.startsWith('device-sign')),
      );
      const refused = await call(t.app, 'POST', prepared.url, prepared.body, unsigned);
      expect(refused.code, path).toBe(ERRORS.SIGN_MISSING.code);
    }
    expect(agency.client.config.exactUrls).toEqual(
      expect.arrayContaining(['/v1/user/agency/login', '/v1/user/agency/verify-login']),
    );
  });
});
