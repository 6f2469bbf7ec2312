/**
 * Every figure enters in one decimal grammar: a price, quantity, amount,
 * trigger price or callback rate written with a prefix, exponent, separator,
 * sign, padding or stray character is refused with FIELD_FORMAT and changes
 * nothing. Before, futures read `0x10` as 16 and `1e3` as 1000.
 */
import { ASSET_PATHS, ERRORS, FUTURES_PATHS, SPOT_PATHS } from '@quay/core';
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
} from '../harness';

const Q = '?languageType=0';
const LOOSE = [
  '0x10',
  '0b1',
  '0o7',
  '1e3',
  '1E3',
  '1_000',
  '1,000',
  ' 1',
  '1 ',
  '+1',
  '-1',
  '.5',
  '1.',
  '01',
  '00.5',
  '1\n',
  '\t1',
  'Infinity',
  'NaN',
  '１',
  '١',
];

interface Route {
  name: string;
  path: string;
  body: Record<string, unknown>;
  field: string;
}

const ROUTES: Route[] = [
  {
    name: 'spot limit price',
    path: SPOT_PATHS.placeOrder,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' },
    field: 'price',
  },
  {
    name: 'spot quantity',
    path: SPOT_PATHS.placeOrder,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' },
    field: 'quantity',
  },
  {
    name: 'spot market amount',
    path: SPOT_PATHS.placeOrder,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '10' },
    field: 'quoteAmount',
  },
  {
    name: 'futures limit price',
    path: FUTURES_PATHS.placeOrder,
    body: { symbol: 'BTCUSDT_PERP', side: 'buy', type: 'limit', price: '100', quantity: '0.01' },
    field: 'price',
  },
  {
    name: 'futures quantity',
    path: FUTURES_PATHS.placeOrder,
    body: { symbol: 'BTCUSDT_PERP', side: 'buy', type: 'limit', price: '100', quantity: '0.01' },
    field: 'quantity',
  },
  {
    name: 'futures trigger price',
    path: FUTURES_PATHS.placePlan,
    body: {
      symbol: 'BTCUSDT_PERP',
      side: 'buy',
      type: 'market',
      triggerBy: 'mark',
      triggerPrice: '100',
      quantity: '0.01',
    },
    field: 'triggerPrice',
  },
  {
    name: 'trailing stop callback rate',
    path: FUTURES_PATHS.placePlan,
    body: {
      kind: 'trailing',
      symbol: 'BTCUSDT_PERP',
      side: 'sell',
      triggerBy: 'mark',
      callbackRate: '1',
      quantity: '0.01',
    },
    field: 'callbackRate',
  },
  {
    name: 'futures transfer amount',
    path: FUTURES_PATHS.transfer,
    body: { coin: 'USDT', amount: '10', direction: 'toFutures' },
    field: 'amount',
  },
  {
    name: 'withdrawal amount',
    path: ASSET_PATHS.withdraw,
    body: { coin: 'USDT', address: 'TQ1234567890abcdefghijkmnopqrstuvw', amount: '10' },
    field: 'amount',
  },
];

describe.each(STORES)('numbers enter in one grammar on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token = '';
  let owner = '';

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      MARK_INTERVAL_MS: '60000',
    });
    const answer = await registerByEmail<{ token: string }>(t, mail, 'numbers@example.com');
    token = answer.data.token;
    owner = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(owner, 'USDT', '100000', 'test');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const post = (path: string, body: unknown) =>
    call(t.app, 'POST', `${path}${Q}`, body, bearer(token));

  it.each(ROUTES)('refuses every loose form of the $name and changes nothing', async (route) => {
    const before = await t.app.services.ledger.balances(owner);
    for (const loose of LOOSE) {
      const answer = await post(route.path, { ...route.body, [route.field]: loose });
      expect(answer.code, `${route.field} ${JSON.stringify(loose)}`).toBe(ERRORS.FIELD_FORMAT.code);
      expect(answer.msg).toContain(route.field);
    }
    expect(await t.app.services.ledger.balances(owner)).toEqual(before);
    const open = await call<unknown[]>(
      t.app,
      'GET',
      `${SPOT_PATHS.openOrders}${Q}`,
      undefined,
      bearer(token),
    );
    expect(open.data).toEqual([]);
    const plans = await call<unknown[]>(
      t.app,
      'GET',
      `${FUTURES_PATHS.openPlans}${Q}`,
      undefined,
      bearer(token),
    );
    expect(plans.data).toEqual([]);
  });

  it('still takes the plain forms, zero before the point included', async () => {
    const order = await post(SPOT_PATHS.placeOrder, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '100.50',
      quantity: '0.10',
    });
    expect(order.code, order.msg).toBe('0');
    expect(order.data).toMatchObject({ price: '100.50', quantity: '0.10000' });
    await expectLedgerBalanced(t.store);
  });
});
