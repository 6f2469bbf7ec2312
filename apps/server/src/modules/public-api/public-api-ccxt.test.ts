/**
 * An unmodified CCXT `bitget` client against a real Quay server: only its
 * REST URLs point at the server. It loads the markets, reads a ticker, a
 * book and the balances, places, lists and cancels a spot order, moves USDT
 * to futures, sets leverage, opens a perpetual position and reads it back;
 * each answer equals what the web app's own routes show for the account.
 */
import type {
  Balance,
  FuturesAccount,
  FuturesPosition,
  SpotOrder,
  Ticker,
  DepthSnapshot,
} from '@quay/core';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const SPOT = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';

describe('an unmodified CCXT bitget client on Quay', () => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  let exchange: InstanceType<typeof ccxt.bitget>;
  let pro: InstanceType<typeof ccxt.pro.bitget>;

  /** The web app's own answer for the bot's account. */
  const web = async <T>(path: string): Promise<T> => {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await call<T>(
      t.app,
      'GET',
      `${path}${sep}languageType=0`,
      undefined,
      bearer(token),
    );
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
  const webBalances = async () =>
    Object.fromEntries((await web<Balance[]>('/v1/asset/balances')).map((b) => [b.coin, b]));

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    // CCXT signs with the wall clock, so the server keeps it too.
    t = await startApp(
      'sqlite',
      {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        RATE_LIMIT_LOGIN_PER_MIN: '1000',
        RATE_LIMIT_CODE_PER_10MIN: '1000',
        // Funds the margin lending pool (and the protection funds).
        PROTECTION_FUND_SEED: '1000',
      },
      { config: { now: () => Date.now() } },
    );
    const { services } = t.app;
    const bot = await registerByEmail<{ token: string }>(t, mail, 'ccxt-bot@example.com');
    token = bot.data.token;
    const botId = (await services.sessions.authenticate(token)).userRowId;
    const maker = await registerByEmail<{ token: string }>(t, mail, 'ccxt-maker@example.com');
    const makerId = (await services.sessions.authenticate(maker.data.token)).userRowId;
    await services.ledger.deposit(botId, 'USDT', '50000', 'test');
    await services.ledger.deposit(makerId, 'USDT', '100000', 'test');
    await services.ledger.deposit(makerId, 'BTC', '2', 'test');
    // The maker quotes spot (its mid is the perpetual's index) and the perpetual.
    for (const [side, price] of [
      ['sell', '30000'],
      ['buy', '29000'],
    ] as const) {
      await services.spot.placeOrder(makerId, {
        symbol: 'BTCUSDT',
        side,
        type: 'limit',
        price,
        quantity: '0.05',
        timeInForce: 'GTC',
      });
    }
    await services.futures.accounts.transfer(makerId, 'real', {
      coin: 'USDT',
      amount: '20000',
      direction: 'toFutures',
    });
    await services.futures.trading.placeOrder(makerId, 'real', {
      symbol: 'BTCUSDT_PERP',
      side: 'sell',
      type: 'limit',
      price: '29600',
      quantity: '0.05',
      timeInForce: 'GTC',
    });

    // The key, made on the operator's path (as `npm run quay -- api-key create` does).
    const key = await services.apiKeys.createForOperator(botId, {
      label: 'ccxt',
      scopes: ['read', 'trade'],
      ips: [],
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    exchange = new ccxt.bitget({
      apiKey: key.apiKey,
      secret: key.secret,
      password: key.passphrase,
    });
    const api = exchange.urls['api'] as Record<string, string>;
    for (const name of Object.keys(api)) api[name] = base;
    // The same client's WebSocket side, pointed at Quay's /v2/ws paths.
    pro = new ccxt.pro.bitget({
      apiKey: key.apiKey,
      secret: key.secret,
      password: key.passphrase,
    });
    const proApi = pro.urls['api'] as Record<string, unknown>;
    for (const name of Object.keys(proApi))
      if (typeof proApi[name] === 'string') proApi[name] = base;
    const wsBase = base.replace(/^http/, 'ws');
    proApi['ws'] = { public: `${wsBase}/v2/ws/public`, private: `${wsBase}/v2/ws/private` };
    // CCXT asks for its plain-HTTP agent before it opens a ws:// (not wss://) socket.
    await pro.loadHttpProxyAgent();
  }, 60_000);
  afterAll(async () => {
    await pro?.close();
    await t?.close();
    await mail?.stop();
  });

  it('loads the markets: the spot pair and its USDT-M perpetual, with Quay’s steps', async () => {
    const markets = await exchange.loadMarkets();
    expect(markets[SPOT]).toMatchObject({
      id: 'BTCUSDT',
      spot: true,
      precision: { price: 0.01, amount: 0.00001 },
      limits: { cost: { min: 5 } },
    });
    expect(markets[PERP]).toMatchObject({
      id: 'BTCUSDT',
      swap: true,
      linear: true,
      settle: 'USDT',
      precision: { price: 0.01, amount: 0.00001 },
    });
    expect(exchange.currencies['USDT']).toBeDefined();
  });

  it('places a spot limit order that fills, then shows the ticker and book the web shows', async () => {
    const filled = await exchange.createOrder(SPOT, 'limit', 'buy', 0.001, 30000);
    const detail = await exchange.fetchOrder(String(filled.id), SPOT);
    expect(detail).toMatchObject({ status: 'closed', filled: 0.001, price: 30000 });
    await t.app.services.marketData.tick(Date.now());

    const ticker = await exchange.fetchTicker(SPOT);
    const [webTicker] = await web<Ticker[]>('/v1/spot/tickers?symbol=BTCUSDT');
    expect(ticker.last).toBe(Number(webTicker?.last));
    expect(ticker.last).toBe(30000);
    expect(ticker.bid).toBe(29000);
    expect(ticker.ask).toBe(30000);

    const book = await exchange.fetchOrderBook(SPOT, 5);
    const webBook = await web<DepthSnapshot>('/v1/spot/depth?symbol=BTCUSDT&limit=5');
    expect(book.bids).toEqual(webBook.bids.map(([p, q]) => [Number(p), Number(q)]));
    expect(book.asks).toEqual(webBook.asks.map(([p, q]) => [Number(p), Number(q)]));
    expect(book.asks[0]).toEqual([30000, 0.049]);
  });

  it('reads the balances, and places, lists and cancels a resting spot order', async () => {
    const before = await exchange.fetchBalance();
    const webBefore = await webBalances();
    expect(before['USDT']).toMatchObject({
      free: Number(webBefore.USDT?.available),
      used: Number(webBefore.USDT?.frozen),
    });
    expect(before['BTC']?.free).toBe(Number(webBefore.BTC?.available));

    const order = await exchange.createOrder(SPOT, 'limit', 'buy', 0.01, 20000);
    const open = await exchange.fetchOpenOrders(SPOT);
    const webOpen = await web<SpotOrder[]>('/v1/spot/orders/open');
    expect(open.map((o) => o.id)).toEqual(webOpen.map((o) => o.orderId));
    expect(open[0]).toMatchObject({
      id: order.id,
      symbol: SPOT,
      side: 'buy',
      type: 'limit',
      price: 20000,
      amount: 0.01,
      status: 'open',
    });
    expect((await exchange.fetchBalance())['USDT']?.used).toBe(200);

    await exchange.cancelOrder(String(order.id), SPOT);
    expect(await exchange.fetchOpenOrders(SPOT)).toEqual([]);
    expect((await exchange.fetchBalance())['USDT']).toMatchObject({
      free: before['USDT']?.free,
      used: 0,
    });
  });

  it('moves USDT to futures, sets leverage and opens a perpetual position the web shows', async () => {
    await exchange.transfer('USDT', 1000, 'spot', 'swap');
    const account = await web<FuturesAccount>('/v1/futures/account');
    expect(account.walletBalance).toBe('1000');
    const swapBalance = await exchange.fetchBalance({ type: 'swap' });
    expect(swapBalance['USDT']?.total).toBe(1000);

    await exchange.setLeverage(5, PERP);
    const order = await exchange.createOrder(PERP, 'limit', 'buy', 0.01, 29600);
    expect(order.id).toMatch(/^[0-9]+$/);

    const positions = await exchange.fetchPositions([PERP]);
    const webPositions = await web<FuturesPosition[]>('/v1/futures/positions');
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({
      symbol: PERP,
      side: 'long',
      contracts: Number(webPositions[0]?.count),
      entryPrice: Number(webPositions[0]?.openAvgPrice),
      leverage: 5,
      marginMode: 'cross',
    });
    expect(positions[0]?.contracts).toBe(0.01);
    await expectLedgerBalanced(t.store);
  });

  it('reads candles, trades, the closed orders and the fills the web shows', async () => {
    const candles = await exchange.fetchOHLCV(SPOT, '1m', undefined, 5);
    const webCandles = await web<Array<{ t: number; o: string; c: string; v: string }>>(
      '/v1/spot/klines?symbol=BTCUSDT&interval=1m&limit=5',
    );
    expect(candles.map((c) => [c[0], c[1], c[4], c[5]])).toEqual(
      webCandles.map((k) => [k.t, Number(k.o), Number(k.c), Number(k.v)]),
    );
    const trades = await exchange.fetchTrades(SPOT, undefined, 10);
    expect(trades.map((tr) => [tr.price, tr.amount, tr.side])).toEqual([[30000, 0.001, 'buy']]);

    const closed = await exchange.fetchCanceledAndClosedOrders(SPOT);
    expect(closed.map((o) => [o.status, o.filled, o.price]).sort()).toEqual(
      [
        ['canceled', 0, 20000],
        ['closed', 0.001, 30000],
      ].sort(),
    );
    const mine = await exchange.fetchMyTrades(SPOT);
    const webFills = await web<{ items: Array<{ price: string; quantity: string; fee: string }> }>(
      '/v1/spot/fills',
    );
    expect(mine.map((f) => [f.price, f.amount, f.fee?.cost])).toEqual(
      webFills.items.map((f) => [Number(f.price), Number(f.quantity), Number(f.fee)]),
    );
    expect(mine[0]?.fee?.currency).toBe('BTC');
  });

  it('buys at market by quote amount, and reads the perpetual’s ticker, book and funding', async () => {
    const before = await webBalances();
    const bought = await exchange.createOrder(SPOT, 'market', 'buy', 0.002, 30000);
    const detail = await exchange.fetchOrder(String(bought.id), SPOT);
    expect(detail).toMatchObject({ status: 'closed', type: 'market', filled: 0.002, cost: 60 });
    const after = await webBalances();
    expect(Number(before.USDT?.available) - Number(after.USDT?.available)).toBe(60);

    await t.app.services.marketData.tick(Date.now());
    const ticker = await exchange.fetchTicker(PERP);
    const [webTicker] = await web<Array<{ last: string; markPrice: string; indexPrice: string }>>(
      '/v1/futures/tickers?symbol=BTCUSDT_PERP',
    );
    expect(ticker.last).toBe(29600);
    expect(ticker.markPrice).toBe(Number(webTicker?.markPrice));
    expect(ticker.indexPrice).toBe(Number(webTicker?.indexPrice));
    const book = await exchange.fetchOrderBook(PERP);
    expect(book.asks[0]).toEqual([29600, 0.04]);
    const funding = await exchange.fetchFundingRate(PERP);
    const mark = await web<{ fundingRate: string; nextFundingTime: number }>(
      '/v1/futures/mark?symbol=BTCUSDT_PERP',
    );
    expect(funding.fundingRate).toBe(Number(mark.fundingRate));
    const interest = await exchange.fetchOpenInterest(PERP);
    expect(interest.openInterestAmount).toBe(0.01);
  });

  it('lists and cancels a perpetual order, and refuses a margin-mode switch with a position', async () => {
    const order = await exchange.createOrder(PERP, 'limit', 'buy', 0.01, 28000);
    const open = await exchange.fetchOpenOrders(PERP);
    expect(open.map((o) => [o.id, o.price, o.amount, o.status])).toEqual([
      [order.id, 28000, 0.01, 'open'],
    ]);
    await exchange.cancelOrder(String(order.id), PERP);
    expect(await exchange.fetchOpenOrders(PERP)).toEqual([]);
    const closed = await exchange.fetchCanceledAndClosedOrders(PERP);
    expect(closed.map((o) => o.status).sort()).toEqual(['canceled', 'closed']);
    expect((await exchange.fetchClosedOrders(PERP)).map((o) => o.price)).toEqual([29600]);
    await expect(exchange.setMarginMode('isolated', PERP)).rejects.toThrow(/17007|margin mode/i);
    const mine = await exchange.fetchMyTrades(PERP);
    expect(mine.map((f) => [f.price, f.amount])).toEqual([[29600, 0.01]]);

    const market = await exchange.createOrder(PERP, 'market', 'buy', 0.002);
    expect(await exchange.fetchOrder(String(market.id), PERP)).toMatchObject({
      status: 'closed',
      type: 'market',
      filled: 0.002,
      average: 29600,
    });
    const [position] = await exchange.fetchPositions([PERP]);
    expect(position?.contracts).toBe(0.012);

    // A trigger order waits, listed and cancelled as one; a stop-loss guards the position.
    const plan = await exchange.createOrder(PERP, 'limit', 'buy', 0.001, 25000, {
      triggerPrice: 26000,
    });
    const waiting = await exchange.fetchOpenOrders(PERP, undefined, undefined, { trigger: true });
    expect(waiting.map((o) => [o.id, o.price, o.triggerPrice, o.status])).toEqual([
      [plan.id, 25000, 26000, 'open'],
    ]);
    await exchange.cancelOrder(String(plan.id), PERP, { trigger: true });
    expect(await exchange.fetchOpenOrders(PERP, undefined, undefined, { trigger: true })).toEqual(
      [],
    );
    await exchange.createOrder(PERP, 'market', 'sell', 0.012, undefined, { stopLossPrice: 20000 });
    const webPositions = await web<FuturesPosition[]>('/v1/futures/positions');
    expect(webPositions[0]?.stopLossPrice).toBe('20000.00');
    const guards = await exchange.fetchOpenOrders(PERP, undefined, undefined, {
      trigger: true,
      planType: 'profit_loss',
    });
    expect(guards.map((o) => [o.triggerPrice, o.side, o.status])).toEqual([
      [20000, 'sell', 'open'],
    ]);
    await expectLedgerBalanced(t.store);
  });

  it('modifies a resting perpetual order: the web shows the new price and size', async () => {
    const order = await exchange.createOrder(PERP, 'limit', 'buy', 0.01, 27000);
    const edited = await exchange.editOrder(String(order.id), PERP, 'limit', 'buy', 0.02, 27500);
    expect(edited.id).not.toBe(order.id);
    const webOpen =
      await web<Array<{ orderId: string; price: string; quantity: string }>>(
        '/v1/futures/orders/open',
      );
    expect(webOpen.map((o) => [o.orderId, Number(o.price), Number(o.quantity)])).toEqual([
      [edited.id, 27500, 0.02],
    ]);
    expect(await exchange.fetchOrder(String(order.id), PERP)).toMatchObject({ status: 'canceled' });
    await exchange.cancelOrder(String(edited.id), PERP);
    await expect(
      exchange.editOrder(String(order.id), PERP, 'limit', 'buy', 0.02, 27600),
    ).rejects.toThrow(/43001/);
  });

  it('borrows and repays on cross margin, as the web’s margin account shows', async () => {
    await exchange.transfer('USDT', 100, 'spot', 'cross');
    const loan = await exchange.borrowCrossMargin('USDT', 50);
    expect(loan).toMatchObject({ currency: 'USDT', amount: 50 });
    const account = await web<{
      assets: Array<{ coin: string; available: string; borrowed: string }>;
    }>('/v1/margin/account?mode=cross');
    expect(account.assets.find((a) => a.coin === 'USDT')).toMatchObject({
      available: '150',
      borrowed: '50',
    });
    const repaid = await exchange.repayCrossMargin('USDT', 20);
    const after = await web<{
      assets: Array<{ coin: string; borrowed: string; interest: string }>;
    }>('/v1/margin/account?mode=cross');
    const usdt = after.assets.find((a) => a.coin === 'USDT');
    expect((repaid.info as { remainDebtAmount: string }).remainDebtAmount).toBe(
      String(Number(usdt?.borrowed) + Number(usdt?.interest)),
    );
    await expectLedgerBalanced(t.store);
  });

  it('watches the ticker and the order book over the WebSocket, as the web shows them', async () => {
    await t.app.services.marketData.tick(Date.now());
    const ticker = await pro.watchTicker(SPOT);
    const [webTicker] = await web<Ticker[]>('/v1/spot/tickers?symbol=BTCUSDT');
    expect(ticker.symbol).toBe(SPOT);
    expect(ticker.last).toBe(Number(webTicker?.last));
    expect([ticker.bid, ticker.ask]).toEqual([
      Number(webTicker?.bestBid),
      Number(webTicker?.bestAsk),
    ]);

    const book = await pro.watchOrderBook(SPOT);
    const webBook = await web<DepthSnapshot>('/v1/spot/depth?symbol=BTCUSDT&limit=20');
    const levels = (side: Array<[unknown, unknown]>) => side.slice(0, 20).map(([p, q]) => [p, q]);
    expect(levels(book.bids)).toEqual(webBook.bids.map(([p, q]) => [Number(p), Number(q)]));
    expect(levels(book.asks)).toEqual(webBook.asks.map(([p, q]) => [Number(p), Number(q)]));

    // A new resting bid reaches the watched book as an update (its checksum checked by CCXT).
    // A watch answers the next push only, so it is asked before the order is placed.
    const next = pro.watchOrderBook(SPOT);
    await exchange.createOrder(SPOT, 'limit', 'buy', 0.003, 29500);
    const updated = await next;
    expect(levels(updated.bids)[0]).toEqual([29500, 0.003]);

    const perp = await pro.watchTicker(PERP);
    const [webPerp] = await web<Array<{ last: string; markPrice: string }>>(
      '/v1/futures/tickers?symbol=BTCUSDT_PERP',
    );
    expect(perp.last).toBe(Number(webPerp?.last));
    // CCXT keeps the mark only in the raw ticker it was sent.
    expect((perp.info as { markPrice: string }).markPrice).toBe(webPerp?.markPrice);
    const perpBook = await pro.watchOrderBook(PERP, 5);
    const webPerpBook = await web<DepthSnapshot>('/v1/futures/depth?symbol=BTCUSDT_PERP&limit=5');
    expect(levels(perpBook.asks)).toEqual(webPerpBook.asks.map(([p, q]) => [Number(p), Number(q)]));
  });

  it('watches the account’s orders after a login: the open ones, then each change', async () => {
    // Subscribing answers the open orders first (the one just placed among them).
    const placed = await exchange.createOrder(SPOT, 'limit', 'sell', 0.001, 31000);
    const first = await pro.watchOrders(SPOT);
    const webOpen = await web<SpotOrder[]>('/v1/spot/orders/open');
    expect(first.map((o) => o.id).sort()).toEqual(webOpen.map((o) => o.orderId).sort());
    const webOrder = webOpen.find((o) => o.orderId === placed.id);
    expect(first.find((o) => o.id === placed.id)).toMatchObject({
      symbol: SPOT,
      side: 'sell',
      type: 'limit',
      price: Number(webOrder?.price),
      amount: Number(webOrder?.quantity),
      status: 'open',
    });

    // A watch answers the next push only, so it is asked before the order is cancelled.
    const change = pro.watchOrders(SPOT);
    await exchange.cancelOrder(String(placed.id), SPOT);
    const cancelled = (await change).find((o) => o.id === placed.id);
    const history = await web<{ items: SpotOrder[] }>('/v1/spot/orders/history?symbol=BTCUSDT');
    const webCancelled = history.items.find((o) => o.orderId === placed.id);
    expect(webCancelled?.status).toBe('CANCELED');
    expect(cancelled).toMatchObject({
      status: 'canceled',
      filled: Number(webCancelled?.filledQuantity),
    });
  });
});
