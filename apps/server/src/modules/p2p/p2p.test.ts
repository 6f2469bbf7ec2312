/**
 * P2P trading through the app on SQLite and PostgreSQL: payment methods with
 * the second factor, a sell ad's coins in escrow, an order from open to
 * release, the automatic cancellation at the time limit, the bar after
 * three cancellations a day, appeals decided by the operator, two takers on
 * the last amount, and refusals that change nothing; every coin conserved
 * (the escrow account included) after each step.
 */
import { ERRORS } from '@quay/core';
import { type P2pAd, type P2pMessage, type P2pOrder, type P2pPaymentMethod } from '@quay/core/p2p';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { quay, storeEnv } from '../../test/operator-cli';
import { P2P_ESCROW } from './p2p-jobs';

const Q = '?languageType=0';
const MINUTE = 60_000;

describe.each(STORES)('P2P trading on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};

  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string, query = '') =>
    call<T>(t.app, 'GET', `${path}${Q}${query}`, undefined, bearer(tokens[who] as string));
  const okPost = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await post<T>(who, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  /** A fresh authenticator code: the clock moves to the next step first (each step counts once). */
  const totp = async (who: string) => {
    t.clock.advance(31);
    return generate({ secret: secrets[who] as string, epoch: Math.floor(t.clock.ms / 1000) });
  };
  const balance = async (account: string, coin = 'USDT') => {
    const rows = await t.store.repos.ledger.balancesOf([account]);
    const row = rows.find((r) => r.coin === coin);
    return { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
  };
  const usdt = (text: string) => BigInt(Math.round(Number(text) * 100)) * 1_000_000n;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
    });
    const users: Array<[string, string]> = [
      ['seller', '10000'],
      ['buyer', '1000'],
      ['other', '1000'],
      ['racer', '0'],
    ];
    for (const [who, deposit] of users) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `p2p-${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      ids[who] = session.userRowId;
      if (deposit !== '0')
        await t.app.services.ledger.deposit(session.userRowId, 'USDT', deposit, 'test');
      const setup = await post<{ secret: string }>(who, '/v1/user/security/google/setup', {});
      secrets[who] = setup.data.secret;
      await okPost(who, '/v1/user/security/modify', {
        factor: 'google',
        enable: true,
        newGoogleCode: await totp(who),
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  let method: P2pPaymentMethod;
  let ad: P2pAd;

  it('adds a payment method only with the second factor', async () => {
    const body = { kind: 'bank', name: 'Wise', account: 'J. Seller 12345678' };
    const noCode = await post('seller', '/v1/p2p/payment-method/add', body);
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const wrong = await post('seller', '/v1/p2p/payment-method/add', {
      ...body,
      googleCode: '000000',
    });
    expect(wrong.code).toBe(ERRORS.GOOGLE_CODE_INVALID.code);
    const junk = await post('seller', '/v1/p2p/payment-method/add', { ...body, kind: 'cash' });
    expect(junk.code).toBe(ERRORS.FIELD_FORMAT.code);
    expect((await t.store.repos.p2p.paymentMethodsOf(ids.seller as string)).length).toBe(0);
    method = await okPost('seller', '/v1/p2p/payment-method/add', {
      ...body,
      googleCode: await totp('seller'),
    });
    expect(method).toMatchObject({ kind: 'bank', name: 'Wise', account: 'J. Seller 12345678' });
    const listed = await get<P2pPaymentMethod[]>('seller', '/v1/p2p/payment-methods');
    expect(listed.data).toEqual([method]);
    expect((await get<P2pPaymentMethod[]>('buyer', '/v1/p2p/payment-methods')).data).toEqual([]);
  });

  const adBody = (extra: Record<string, unknown> = {}) => ({
    side: 'sell',
    coin: 'USDT',
    fiat: 'USD',
    priceType: 'fixed',
    price: '1.01',
    total: '1000',
    minFiat: '10',
    maxFiat: '500',
    paymentMethodIds: [method.id],
    timeLimitMin: 15,
    terms: '<p>Pay <b>only</b> from an account in your name.</p>',
    ...extra,
  });

  it('refuses bad ads and changes nothing', async () => {
    const before = await balance(ids.seller as string);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: '2.00' }, ERRORS.P2P_PRICE_INVALID.code],
      [{ price: '0' }, ERRORS.P2P_PRICE_INVALID.code],
      [{ priceType: 'floating', margin: '35' }, ERRORS.P2P_PRICE_INVALID.code],
      [{ minFiat: '600' }, ERRORS.P2P_AD_INVALID.code],
      [{ timeLimitMin: 20 }, ERRORS.FIELD_FORMAT.code],
      [{ terms: '<script>alert(1)</script>' }, ERRORS.P2P_TERMS_INVALID.code],
      [{ terms: '<b onclick="x()">hi</b>' }, ERRORS.P2P_TERMS_INVALID.code],
      [{ paymentMethodIds: ['nope'] }, ERRORS.P2P_PAYMENT_METHOD_INVALID.code],
      [{ total: '20000' }, ERRORS.INSUFFICIENT_BALANCE.code],
      [{ coin: 'NOPE' }, ERRORS.P2P_AD_INVALID.code],
    ];
    for (const [extra, code] of cases) {
      const answer = await post('seller', '/v1/p2p/adv/publish', adBody(extra));
      expect(answer.code, JSON.stringify(extra)).toBe(code);
      expect(answer.msg.length).toBeGreaterThan(5);
    }
    const german = await call(
      t.app,
      'POST',
      '/v1/p2p/adv/publish?languageType=6',
      adBody({ price: '2' }),
      bearer(tokens.seller as string),
    );
    expect(german.code).toBe(ERRORS.P2P_PRICE_INVALID.code);
    expect((await t.store.repos.p2p.adsOf(ids.seller as string)).length).toBe(0);
    expect(await balance(ids.seller as string)).toEqual(before);
  });

  it('publishes a sell ad with its coins in escrow', async () => {
    const before = await balance(ids.seller as string);
    ad = await okPost<P2pAd>('seller', '/v1/p2p/adv/publish', adBody());
    expect(ad).toMatchObject({
      side: 'sell',
      price: '1.01',
      total: '1000',
      remaining: '1000',
      paymentKinds: ['bank'],
      status: 'online',
    });
    expect((await balance(ids.seller as string)).available).toBe(before.available - usdt('1000'));
    expect((await balance(P2P_ESCROW)).available).toBe(usdt('1000'));
    const floating = await okPost<P2pAd>(
      'seller',
      '/v1/p2p/adv/publish',
      adBody({ priceType: 'floating', margin: '1.5', price: undefined, total: '10' }),
    );
    expect(floating.price).toBe('1.02');
    expect(floating.margin).toBe('1.5');
    const listed = await call<P2pAd[]>(
      t.app,
      'GET',
      `/v1/p2p/advs${Q}&side=buy&coin=USDT&fiat=USD`,
    );
    expect(listed.data.map((a) => a.id).sort()).toEqual([ad.id, floating.id].sort());
    await okPost('seller', '/v1/p2p/adv/close', { advId: floating.id });
    expect((await balance(P2P_ESCROW)).available).toBe(usdt('1000'));
    await expectLedgerBalanced(t.store);
  });

  it('runs an order from open to release, details shown to its parties only', async () => {
    const own = await post('seller', '/v1/p2p/order/open', { advId: ad.id, amount: '100' });
    expect(own.code).toBe(ERRORS.P2P_OWN_AD.code);
    const small = await post('buyer', '/v1/p2p/order/open', { advId: ad.id, amount: '5' });
    expect(small.code).toBe(ERRORS.P2P_AMOUNT_OUT_OF_RANGE.code);
    expect(small.msg).toContain('10.00');
    expect((await t.store.repos.p2p.ordersOf(ids.buyer as string, 100)).length).toBe(0);

    const order = await okPost<P2pOrder>('buyer', '/v1/p2p/order/open', {
      advId: ad.id,
      amount: '100',
    });
    expect(order).toMatchObject({
      role: 'buyer',
      status: 'unpaid',
      amount: '100',
      fiatAmount: '101.00',
      price: '1.01',
    });
    expect(order.expiresAt - order.createdAt).toBe(15 * MINUTE);
    expect(order.paymentMethods).toEqual([method]);
    const ads = (await get<P2pAd[]>('seller', '/v1/p2p/adv/mine')).data;
    expect(ads.find((a) => a.id === ad.id)?.remaining).toBe('900');

    // A third user reads neither the order nor its chat.
    const stranger = await get('other', '/v1/p2p/order', `&orderId=${order.id}`);
    expect(stranger.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    expect(JSON.stringify(stranger)).not.toContain('12345678');
    const chat = await get('other', '/v1/p2p/order/messages', `&orderId=${order.id}`);
    expect(chat.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    const strangerPaid = await post('other', '/v1/p2p/order/paid', { orderId: order.id });
    expect(strangerPaid.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);

    // The seller cannot release before the buyer has paid; the buyer cannot release at all.
    const early = await post('seller', '/v1/p2p/order/confirm-put-coin', {
      orderId: order.id,
      googleCode: await totp('seller'),
    });
    expect(early.code).toBe(ERRORS.P2P_ORDER_STATE.code);
    await okPost('buyer', '/v1/p2p/order/message', { orderId: order.id, text: 'Paying now' });
    t.clock.advance(1);
    const paid = await okPost<P2pOrder>('buyer', '/v1/p2p/order/paid', { orderId: order.id });
    expect(paid.status).toBe('paid');
    const byBuyer = await post('buyer', '/v1/p2p/order/confirm-put-coin', {
      orderId: order.id,
      googleCode: await totp('buyer'),
    });
    expect(byBuyer.code).toBe(ERRORS.P2P_ORDER_STATE.code);
    const noCode = await post('seller', '/v1/p2p/order/confirm-put-coin', { orderId: order.id });
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    expect((await balance(ids.buyer as string)).available).toBe(usdt('1000'));

    const buyerBefore = await balance(ids.buyer as string);
    const released = await okPost<P2pOrder>('seller', '/v1/p2p/order/confirm-put-coin', {
      orderId: order.id,
      googleCode: await totp('seller'),
    });
    expect(released).toMatchObject({ status: 'completed', role: 'seller', paymentMethods: [] });
    expect((await balance(ids.buyer as string)).available).toBe(
      buyerBefore.available + usdt('100'),
    );
    expect((await balance(P2P_ESCROW)).available).toBe(usdt('900'));
    // Once done, the payment details are no longer shown.
    const after = await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`);
    expect(after.data.paymentMethods).toEqual([]);
    const messages = (
      await get<P2pMessage[]>('buyer', '/v1/p2p/order/messages', `&orderId=${order.id}`)
    ).data;
    expect(messages.map((m) => [m.from, m.text])).toEqual([
      ['system', 'unpaid'],
      ['buyer', 'Paying now'],
      ['system', 'paid'],
      ['system', 'completed'],
    ]);
    const merchant = await call<{ completed30d: number; completionRate: string }>(
      t.app,
      'GET',
      `/v1/p2p/merchant${Q}&userId=${ids.seller}`,
    );
    expect(merchant.data).toMatchObject({ completed30d: 1, completionRate: '100.00' });
    await expectLedgerBalanced(t.store);
  });

  it('cancels an unpaid order at its time limit, its coins back to the ad', async () => {
    const order = await okPost<P2pOrder>('buyer', '/v1/p2p/order/open', {
      advId: ad.id,
      amount: '50',
    });
    await t.app.services.p2pOrders.tickNow();
    expect(
      (await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`)).data.status,
    ).toBe('unpaid');
    t.clock.advance(15 * 60 + 1);
    await t.app.services.p2pOrders.tickNow();
    const cancelled = (await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`)).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'timeout' });
    const ads = (await get<P2pAd[]>('seller', '/v1/p2p/adv/mine')).data;
    expect(ads.find((a) => a.id === ad.id)?.remaining).toBe('900');
    expect((await balance(P2P_ESCROW)).available).toBe(usdt('900'));
    await expectLedgerBalanced(t.store);
  });

  it('bars new orders after three cancellations in a day, until the next day', async () => {
    for (let i = 0; i < 2; i++) {
      const order = await okPost<P2pOrder>('buyer', '/v1/p2p/order/open', {
        advId: ad.id,
        amount: '20',
      });
      const cancelled = await okPost<P2pOrder>('buyer', '/v1/p2p/order/cancel', {
        orderId: order.id,
      });
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
    }
    const barred = await post('buyer', '/v1/p2p/order/open', { advId: ad.id, amount: '20' });
    expect(barred.code).toBe(ERRORS.P2P_CANCEL_LIMIT.code);
    expect(barred.msg).toMatch(/\d{4}-\d{2}-\d{2} 00:00/);
    expect(
      (await get<P2pAd[]>('seller', '/v1/p2p/adv/mine')).data.find((a) => a.id === ad.id)
        ?.remaining,
    ).toBe('900');
    t.clock.advance(24 * 3600);
    const next = await okPost<P2pOrder>('buyer', '/v1/p2p/order/open', {
      advId: ad.id,
      amount: '20',
    });
    await okPost('buyer', '/v1/p2p/order/cancel', { orderId: next.id });
    await expectLedgerBalanced(t.store);
  });

  it('lets the operator decide an appeal: release, and refund', async () => {
    const env = storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl });
    const open = async () => {
      const order = await okPost<P2pOrder>('other', '/v1/p2p/order/open', {
        advId: ad.id,
        amount: '30',
      });
      await okPost('other', '/v1/p2p/order/paid', { orderId: order.id });
      const unpaidAppeal = await post('seller', '/v1/p2p/order/cancel', { orderId: order.id });
      expect(unpaidAppeal.code).toBe(ERRORS.P2P_ORDER_STATE.code);
      const appealed = await okPost<P2pOrder>('other', '/v1/p2p/order/appeal', {
        orderId: order.id,
        reason: 'I paid but the seller does not answer',
      });
      expect(appealed).toMatchObject({ status: 'appeal' });
      return order;
    };
    const first = await open();
    const otherBefore = await balance(ids.other as string);
    const run = await quay(['p2p', 'appeal', first.id, 'release'], env);
    expect(run.code, run.stderr).toBe(0);
    await t.app.services.p2pOrders.tickNow();
    expect(
      (await get<P2pOrder>('other', '/v1/p2p/order', `&orderId=${first.id}`)).data.status,
    ).toBe('completed');
    expect((await balance(ids.other as string)).available).toBe(otherBefore.available + usdt('30'));

    const second = await open();
    const refund = await quay(['p2p', 'appeal', second.id, 'refund'], env);
    expect(refund.code, refund.stderr).toBe(0);
    await t.app.services.p2pOrders.tickNow();
    const refunded = (await get<P2pOrder>('other', '/v1/p2p/order', `&orderId=${second.id}`)).data;
    expect(refunded).toMatchObject({ status: 'cancelled', cancelReason: 'appeal' });
    expect(
      (await get<P2pAd[]>('seller', '/v1/p2p/adv/mine')).data.find((a) => a.id === ad.id)
        ?.remaining,
    ).toBe('870');
    const again = await quay(['p2p', 'appeal', second.id, 'release'], env);
    expect(again.code).toBe(2);
    await expectLedgerBalanced(t.store);
  });

  it('gives the last amount of an ad to one of two takers', async () => {
    const small = await okPost<P2pAd>(
      'seller',
      '/v1/p2p/adv/publish',
      adBody({ total: '40', minFiat: '1' }),
    );
    const [a, b] = await Promise.all([
      post<P2pOrder>('buyer', '/v1/p2p/order/open', { advId: small.id, amount: '30' }),
      post<P2pOrder>('other', '/v1/p2p/order/open', { advId: small.id, amount: '30' }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual(['0', ERRORS.P2P_AD_NOT_ENOUGH.code].sort());
    const refused = a.code === '0' ? b : a;
    expect(refused.msg).toContain('10 USDT');
    const escrow = (await balance(P2P_ESCROW)).available;
    const closed = await okPost<P2pAd>('seller', '/v1/p2p/adv/close', { advId: small.id });
    expect(closed).toMatchObject({ status: 'closed', remaining: '0' });
    expect((await balance(P2P_ESCROW)).available).toBe(escrow - usdt('10'));
    // The live order's coins stay in escrow; cancelling it returns them to the seller.
    const live = a.code === '0' ? a.data : b.data;
    const who = a.code === '0' ? 'buyer' : 'other';
    const sellerBefore = await balance(ids.seller as string);
    await okPost(who, '/v1/p2p/order/cancel', { orderId: live.id });
    expect((await balance(ids.seller as string)).available).toBe(
      sellerBefore.available + usdt('30'),
    );
    await expectLedgerBalanced(t.store);
  });

  it("moves a buy ad taker's coins into escrow and releases them to the maker", async () => {
    const racerMethod = await okPost<P2pPaymentMethod>('racer', '/v1/p2p/payment-method/add', {
      kind: 'bank',
      name: 'Revolut',
      account: 'R. Acer 999',
      googleCode: await totp('racer'),
    });
    await t.app.services.ledger.deposit(ids.racer as string, 'USDT', '100', 'test');
    const buyAd = await okPost<P2pAd>(
      'seller',
      '/v1/p2p/adv/publish',
      adBody({ side: 'buy', total: '500', price: '1.00' }),
    );
    const order = await okPost<P2pOrder>('racer', '/v1/p2p/order/open', {
      advId: buyAd.id,
      amount: '60',
    });
    expect(order).toMatchObject({ role: 'seller', fiatAmount: '60.00' });
    expect(order.paymentMethods).toEqual([racerMethod]);
    expect((await balance(ids.racer as string)).available).toBe(usdt('40'));
    const tooMuch = await post('racer', '/v1/p2p/order/open', { advId: buyAd.id, amount: '60' });
    expect(tooMuch.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    const sellerBefore = await balance(ids.seller as string);
    await okPost('seller', '/v1/p2p/order/paid', { orderId: order.id });
    await okPost('racer', '/v1/p2p/order/confirm-put-coin', {
      orderId: order.id,
      googleCode: await totp('racer'),
    });
    expect((await balance(ids.seller as string)).available).toBe(
      sellerBefore.available + usdt('60'),
    );
    await okPost('seller', '/v1/p2p/adv/close', { advId: buyAd.id });
    await expectLedgerBalanced(t.store);
  });
});
