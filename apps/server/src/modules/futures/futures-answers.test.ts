/**
 * Every futures route answers through a response schema, which drops any
 * property it does not name: each answer here must equal what the service
 * gives for the same call, field for field.
 */
import type { FuturesOrder, FuturesPlan, Page } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearOfFunding,
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';
const BTC = 'BTCUSDT_PERP';

/** What JSON keeps of a value: the service's answer as the wire would carry it unfiltered. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe.each(STORES)('futures answers keep every field on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const owners: Record<string, string> = {};

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(
      store,
      {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        RATE_LIMIT_LOGIN_PER_MIN: '1000',
        RATE_LIMIT_CODE_PER_10MIN: '1000',
        MARK_INTERVAL_MS: '60000',
        PROTECTION_FUND_SEED: '1000',
      },
      { clockStart: clearOfFunding() },
    );
    for (const who of ['trader', 'maker']) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      owners[who] = session.userRowId;
      await t.app.services.ledger.deposit(session.userRowId, 'USDT', '100000', 'test');
    }
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const futures = () => t.app.services.futures;
  const get = async (who: string | null, path: string, query = '') => {
    const answer = await call(
      t.app,
      'GET',
      `${path}${Q}${query}`,
      undefined,
      who ? bearer(tokens[who] as string) : {},
    );
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data as unknown;
  };
  const post = async <T = unknown>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const owner = (who: string) => owners[who] as string;
  const paging = { pageNo: 1, pageSize: 20, offset: 0, limit: 20 };
  const historyOf = async (who: string) =>
    futures().records.orderHistory(owner(who), 'real', {}, paging);

  it("answers the perpetuals' tickers with the 24h figures, mark, index and funding", async () => {
    const tickers = (await get(null, '/v1/futures/tickers')) as Array<Record<string, unknown>>;
    expect(tickers.map((ticker) => ticker.symbol)).toEqual(
      t.app.services.perpMarkets.ofSide('real').map((m) => m.config.symbol),
    );
    for (const ticker of tickers) {
      expect(Object.keys(ticker).sort()).toEqual(
        [
          'symbol',
          'last',
          'open24h',
          'high24h',
          'low24h',
          'change24h',
          'volume24h',
          'quoteVolume24h',
          'bestBid',
          'bestAsk',
          'time',
          'markPrice',
          'indexPrice',
          'fundingRate',
          'nextFundingTime',
        ].sort(),
      );
      const mark = futures().info.markInfo(ticker.symbol as string, 'real');
      expect(ticker).toMatchObject({
        markPrice: mark.markPrice,
        indexPrice: mark.indexPrice,
        fundingRate: mark.fundingRate,
        nextFundingTime: mark.nextFundingTime,
      });
    }
  });

  it('answers the wallet and settings calls with every field', async () => {
    const { accounts } = futures();
    expect(
      await post('trader', '/v1/futures/transfer', {
        coin: 'USDT',
        amount: '10000',
        direction: 'toFutures',
      }),
    ).toEqual(wire(accounts.account(owner('trader'), 'real')));
    await post('maker', '/v1/futures/transfer', {
      coin: 'USDT',
      amount: '50000',
      direction: 'toFutures',
    });
    expect(await get('trader', '/v1/futures/account')).toEqual(
      wire(accounts.account(owner('trader'), 'real')),
    );
    expect(await post('trader', '/v1/futures/position-mode', { positionMode: 1 })).toEqual(
      wire(accounts.account(owner('trader'), 'real')),
    );
    expect(await post('trader', '/v1/futures/leverage', { symbol: BTC, leverage: 20 })).toEqual(
      wire(accounts.settings(owner('trader'), BTC, 'real')),
    );
    expect(await post('trader', '/v1/futures/margin-mode', { symbol: BTC, marginMode: 1 })).toEqual(
      wire(accounts.settings(owner('trader'), BTC, 'real')),
    );
    expect(await get('trader', '/v1/futures/settings', `&symbol=${BTC}`)).toEqual(
      wire(accounts.settings(owner('trader'), BTC, 'real')),
    );
  });

  it('answers orders, positions, plans and the public figures with every field', async () => {
    const { trading, info, records } = futures();
    // The maker rests an ask; the trader buys it at market and holds an isolated long.
    const ask = await post<FuturesOrder>('maker', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.1',
      clientOrderId: 'ask-1',
    });
    expect(ask).toEqual(wire(trading.openOrders(owner('maker'), 'real')[0]));
    const buy = await post<FuturesOrder>('trader', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quantity: '0.1',
    });
    expect(buy.status).toBe('FILLED');
    expect(buy).toEqual(wire((await historyOf('trader')).items[0]));
    await post('maker', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '49990',
      quantity: '0.2',
    });
    await post('maker', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: '50010',
      quantity: '0.01',
    });
    await t.app.services.futuresHost.tickNow();

    expect(await get('maker', '/v1/futures/orders/open')).toEqual(
      wire(trading.openOrders(owner('maker'), 'real')),
    );
    expect(await get('trader', '/v1/futures/positions')).toEqual(
      wire(trading.positions(owner('trader'), 'real')),
    );
    expect(
      await post('trader', '/v1/futures/position/margin', {
        symbol: BTC,
        positionSide: 1,
        type: 'add',
        amount: '10',
      }),
    ).toEqual(wire(trading.positions(owner('trader'), 'real')));
    expect(
      await post('trader', '/v1/futures/position/tpsl', {
        symbol: BTC,
        positionSide: 1,
        takeProfitPrice: '55000',
        tpSlTrigger: 'mark',
      }),
    ).toEqual(wire(trading.positions(owner('trader'), 'real')));

    const plan = await post<FuturesPlan>('trader', '/v1/futures/plan/place', {
      symbol: BTC,
      side: 'sell',
      triggerPrice: '48000',
      triggerBy: 'mark',
      type: 'limit',
      price: '47990',
      quantity: '0.01',
      reduceOnly: true,
    });
    expect(plan).toEqual(wire(trading.openPlans(owner('trader'), 'real')[0]));
    const trailing = await post<FuturesPlan>('trader', '/v1/futures/plan/place', {
      symbol: BTC,
      kind: 'trailing',
      side: 'sell',
      triggerBy: 'mark',
      callbackRate: '1.5',
      quantity: '0.01',
      reduceOnly: true,
    });
    expect(trailing.trailingPrice).not.toBe('');
    expect(await get('trader', '/v1/futures/plans/open')).toEqual(
      wire(trading.openPlans(owner('trader'), 'real')),
    );
    const cancelled = await post('trader', '/v1/futures/plan/cancel', {
      symbol: BTC,
      planId: plan.planId,
    });
    const planHistory = await records.planHistory(owner('trader'), 'real', {}, paging);
    expect(cancelled).toEqual(wire(planHistory.items[0]));
    expect(await get('trader', '/v1/futures/plans/history')).toEqual(wire(planHistory));

    // Funding settles: the long pays, the rate is recorded.
    await t.app.services.futuresHost.submit({ kind: 'funding', symbols: [BTC] });
    const payments = await records.fundingHistory(owner('trader'), 'real', {}, paging);
    expect(payments.items).toHaveLength(1);
    expect(await get('trader', '/v1/futures/funding-history')).toEqual(wire(payments));
    const rates = await info.fundingRates(BTC, 'real', paging);
    expect(rates.items).toHaveLength(1);
    expect(await get(null, '/v1/futures/funding-rates', `&symbol=${BTC}`)).toEqual(wire(rates));
    expect(await get(null, '/v1/futures/markets')).toEqual(wire(info.marketInfos('real')));
    expect(await get(null, '/v1/futures/mark', `&symbol=${BTC}`)).toEqual(
      wire(info.markInfo(BTC, 'real')),
    );
    expect(await get(null, '/v1/futures/protection-fund')).toEqual(
      wire(await info.protectionFund('real')),
    );
  });

  it('answers closes, cancels and the records with every field', async () => {
    const { trading, records } = futures();
    const close = await post<FuturesOrder>('trader', '/v1/futures/position/close', {
      symbol: BTC,
      positionSide: 1,
      type: 'market',
      quantity: '0.05',
    });
    expect(close.status).toBe('FILLED');
    expect(close).toEqual(wire((await historyOf('trader')).items[0]));
    expect(await post('trader', '/v1/futures/position/close-all', {})).toEqual({ closed: 1 });
    expect(await get('trader', '/v1/futures/orders/history')).toEqual(
      wire(await historyOf('trader')),
    );
    expect(await get('trader', '/v1/futures/fills')).toEqual(
      wire(await records.fills(owner('trader'), 'real', {}, paging)),
    );
    const bills = await records.bills(owner('trader'), 'real', {}, paging);
    expect(bills.items.map((b) => b.type)).toEqual(
      expect.arrayContaining(['transfer_in', 'fee', 'funding', 'realised_pnl']),
    );
    expect(await get('trader', '/v1/futures/bills')).toEqual(wire(bills));

    const [resting] = trading.openOrders(owner('maker'), 'real');
    const cancelled = await post('maker', '/v1/futures/order/cancel', {
      symbol: BTC,
      orderId: resting?.orderId,
    });
    expect(cancelled).toEqual(wire((await historyOf('maker')).items[0]));
    expect(trading.openOrders(owner('maker'), 'real')).toHaveLength(1);
    expect(await post('maker', '/v1/futures/order/cancel-all', { symbol: BTC })).toEqual({
      cancelled: 1,
    });
    const page = (await get('maker', '/v1/futures/orders/history', '&pageSize=2')) as Page<unknown>;
    expect(page).toMatchObject({ pageNo: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
  });
});
