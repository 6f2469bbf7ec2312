import { ERRORS, type SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from '../assets';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';

describe.each(STORES)('the spot host on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  let userId: string;

  const buy = (quantity: string) =>
    call<SpotOrder>(
      t.app,
      'POST',
      `/v1/spot/order/place${Q}`,
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity },
      bearer(token),
    );

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    const reg = await registerByEmail<{ token: string }>(t, mail, 'holder@example.com');
    token = reg.data.token;
    userId = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(userId, 'USDT', '100', 'test');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('takes an order that spends a deposit written outside the server before it was told', async () => {
    // 60 of 100 USDT frozen: the host now knows this balance.
    expect((await buy('0.0012')).code).toBe('0');
    // As the operator's command does from another process; its notice has not been read yet.
    await creditDeposit(t.store, userId, 'USDT', '100', 'outside', t.clock.now());
    const spend = await buy('0.002');
    expect(spend.code, spend.msg).toBe('0');
    expect(spend.data.status).toBe('NEW');
    // 40 USDT left: still refused beyond it, and nothing frozen for the refusal.
    const refused = await buy('0.001');
    expect(refused.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    const balances = await t.store.repos.ledger.balancesOf([userId]);
    expect(balances.find((b) => b.coin === 'USDT')).toMatchObject({
      available: 4_000_000_000n,
      frozen: 16_000_000_000n,
    });
  });

  it('answers a batch the store refuses as busy, then starts again from the store', async () => {
    // Taken behind the host's back, which nothing in the exchange does: the
    // balance the host holds is now more than the store's, and the store's
    // check is the last guard.
    await t.store.transaction((repos) =>
      repos.ledger.applyDeltas(
        [{ userId, coin: 'USDT', available: -4_000_000_000n, frozen: 0n }],
        t.clock.now(),
      ),
    );
    const first = await buy('0.0005');
    expect([ERRORS.SERVICE_BUSY.code, ERRORS.INSUFFICIENT_BALANCE.code]).toContain(first.code);
    const again = await buy('0.0005');
    expect(again.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    // The book as the store holds it: the two orders of the test before, nothing of the refused.
    expect(t.app.services.spotHost.book('BTCUSDT', 5).bids).toEqual([['50000.00', '0.00320']]);
    const balances = await t.store.repos.ledger.balancesOf([userId]);
    expect(balances.find((b) => b.coin === 'USDT')).toMatchObject({
      available: 0n,
      frozen: 16_000_000_000n,
    });
  });
});
