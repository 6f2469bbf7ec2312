/** The batch withdrawal query through the route, with device tokens on. */
import { ERRORS, type AssetRecord } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from './ledger-service';
import { GatewayClient } from '../../test/gateway-client';
import { STORES, bearer, codeIn, outbox, startApp, type TestApp } from '../../test/harness';

const PASSWORD = 'Quay2026pass';
const ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const PATH = '/v1/asset/batch-withdraw/query';

describe.each(STORES)('batch withdrawal query on %s', (store) => {
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

  async function account(email: string) {
    const client = await new GatewayClient(t).init();
    t.clock.advance(t.config.codeResend_s + 1);
    await client.post('/v1/msg/verify-code/send', { bizType: 'register', email });
    const verifyCode = codeIn(
      outbox(t.dataDir, 'mail.log')
        .filter((m) => m.to === email)
        .at(-1)?.text,
    );
    const made = await client.post<{ token: string }>('/v1/user/register/email', {
      email,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode,
    });
    const session = await t.app.services.sessions.authenticate(made.data.token);
    await creditDeposit(t.store, session.userRowId, 'USDT', '1000', 'outside', t.clock.now());
    const withdraw = async (amount: string) => {
      const asked = await client.post<AssetRecord>(
        '/v1/asset/withdraw',
        { coin: 'USDT', address: ADDRESS, amount },
        bearer(made.data.token),
      );
      expect(asked.code, asked.msg).toBe('0');
      return asked.data.id;
    };
    return { client, token: made.data.token, withdraw };
  }

  it("answers the caller's withdrawals by id in the order asked, and every other id as missing", async () => {
    const me = await account('batch@example.com');
    const other = await account('other@example.com');
    const first = await me.withdraw('100');
    const second = await me.withdraw('200');
    const theirs = await other.withdraw('300');

    const query = (ids: unknown, headers: Record<string, string> = {}) =>
      me.client.post<{ items: AssetRecord[]; missing: string[] }>(
        PATH,
        { ids },
        { ...bearer(me.token), ...headers },
      );
    const answer = await query([second, theirs, first, 'no-such-id']);
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.data.items.map((r) => [r.id, r.amount, r.status, r.type])).toEqual([
      [second, '200.00000000', 'pending', 'withdraw'],
      [first, '100.00000000', 'pending', 'withdraw'],
    ]);
    expect(answer.data.missing).toEqual([theirs, 'no-such-id']);

    expect((await query([first], { 'device-token': '' })).code).toBe(
      ERRORS.DEVICE_TOKEN_INVALID.code,
    );
    const tooMany = await query(Array.from({ length: 51 }, (_, i) => `id-${i}`));
    expect(tooMany.http).toBe(400);
    expect((await query([])).http).toBe(400);
    expect((await query([first, first])).http).toBe(400);
    const anonymous = await me.client.post(PATH, { ids: [first] });
    expect(anonymous.code).toBe(ERRORS.LOGIN_REQUIRED.code);
    const demo = await query([first], { 'x-simulated': '1' });
    expect(demo.code).toBe(ERRORS.DEMO_NO_TRANSFER.code);
  });
});
