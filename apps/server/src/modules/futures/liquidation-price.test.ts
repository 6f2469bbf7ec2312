/**
 * The liquidation price a user is shown is the one the server liquidates
 * at: the API's figure, the core formula on the position as the web reads
 * it, and the margin the web derives all agree, and the host keeps the
 * position one tick short of that price and liquidates it at the price.
 */
import {
  Decimal,
  FUTURES_PATHS,
  MARGIN_MODE,
  POSITION_MODE,
  SPOT_PATHS,
  derivePositionFields,
  formatLiquidationPrice,
  liquidationPrice,
  maintenanceMargin,
  type FuturesAccount,
  type FuturesBill,
  type FuturesOrder,
  type FuturesPosition,
  type MarkInfo,
  type Page,
  type PerpMarketInfo,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearOfFunding,
  MailCatcher,
  STORES,
  type StoreKind,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';
const BTC = 'BTCUSDT_PERP';

interface Bench {
  send<T>(who: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  markAt(price: string): Promise<void>;
  positions(): Promise<FuturesPosition[]>;
  tickNow(): Promise<void>;
}

/**
 * One app per suite with three users funded in spot USDT and BTC: a trader,
 * a maker of the perpetual's book, and one who quotes the spot book the
 * index is read from.
 */
function liquidationBench(store: StoreKind): Bench {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};

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
        // The timer ticks a minute apart: the test ticks for itself.
        MARK_INTERVAL_MS: '60000',
        // Trades printed to move the mark jump further than the default 5 % band.
        MARKET_PRICE_BAND_BPS: '5000',
      },
      { clockStart: clearOfFunding() },
    );
    for (const who of ['trader', 'maker', 'index']) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      tokens[who] = answer.data.token;
      const { userRowId } = await t.app.services.sessions.authenticate(answer.data.token);
      await t.app.services.ledger.deposit(userRowId, 'USDT', '100000', 'test');
      await t.app.services.ledger.deposit(userRowId, 'BTC', '1', 'test');
    }
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const send = async <T>(
    who: string | null,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const answer = await call<T>(
      t.app,
      method,
      `${path}${Q}`,
      body,
      who ? bearer(tokens[who] as string) : {},
    );
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const tickNow = () => t.app.services.futuresHost.tickNow();

  /**
   * Moves the index, and so the mark, to a price: the spot book's mid,
   * quoted a tick either side. With no two-sided perpetual book there is no
   * basis, the funding part only lifts the other estimate above the index,
   * and the last trade lies below the price: the median is the index.
   */
  const markAt = async (price: string) => {
    await send('index', 'POST', SPOT_PATHS.cancelAll, { symbol: 'BTCUSDT' });
    const cents = Math.round(Number(price) * 100);
    for (const [side, at] of [
      ['buy', cents - 1],
      ['sell', cents + 1],
    ] as const) {
      await send('index', 'POST', SPOT_PATHS.placeOrder, {
        symbol: 'BTCUSDT',
        side,
        type: 'limit',
        price: (at / 100).toFixed(2),
        quantity: '0.01',
      });
    }
    await tickNow();
    const mark = await call<MarkInfo>(t.app, 'GET', `${FUTURES_PATHS.mark}${Q}&symbol=${BTC}`);
    expect(mark.data.markPrice).toBe(price);
  };

  return {
    send,
    markAt,
    tickNow,
    positions: () => send<FuturesPosition[]>('trader', 'GET', FUTURES_PATHS.positions),
  };
}

/** The figures of one isolated position at 20x: 0.1 BTC at 50,000, margin 250. */
interface Case {
  side: 1 | 2;
  /** The price shown, and what the maths gives before rounding. */
  shown: string;
  /** A tick short of it: the margin the web shows there and the maintenance margin. */
  before: { mark: string; pnl: string; margin: string; maintenance: string };
  /** At the price shown. */
  at: { margin: string; maintenance: string };
}

/**
 * Opens the position, checks that the API, the core formula on the wire
 * position and the web's derived margin agree on the liquidation price,
 * then moves the mark a tick short of it (still open) and to it (liquidated
 * within the one tick).
 */
async function liquidatesWhereShown(bench: Bench, c: Case): Promise<void> {
  const { send, markAt, positions } = bench;
  for (const who of ['trader', 'maker', 'index']) {
    await send(who, 'POST', FUTURES_PATHS.transfer, {
      coin: 'USDT',
      amount: '1000',
      direction: 'toFutures',
    });
  }
  await send('trader', 'POST', FUTURES_PATHS.marginMode, { symbol: BTC, marginMode: 1 });
  await send('trader', 'POST', FUTURES_PATHS.leverage, { symbol: BTC, leverage: 20 });
  await markAt('50000.00');
  const long = c.side === 1;
  // The maker rests 0.1 at 50,000 and the trader takes it: the book is empty again.
  await send('maker', 'POST', FUTURES_PATHS.placeOrder, {
    symbol: BTC,
    side: long ? 'sell' : 'buy',
    type: 'limit',
    price: '50000',
    quantity: '0.1',
  });
  const opened = await send<FuturesOrder>('trader', 'POST', FUTURES_PATHS.placeOrder, {
    symbol: BTC,
    side: long ? 'buy' : 'sell',
    type: 'market',
    quantity: '0.1',
  });
  expect(opened).toMatchObject({ status: 'FILLED', avgPrice: '50000', fee: '2.5' });
  if (long) {
    // A long is liquidated below the last trade: a small trade prints lower first, so the mark can follow the index down.
    await send('maker', 'POST', FUTURES_PATHS.placeOrder, {
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '40000',
      quantity: '0.001',
    });
    await send('index', 'POST', FUTURES_PATHS.placeOrder, {
      symbol: BTC,
      side: 'sell',
      type: 'market',
      quantity: '0.001',
    });
  }
  await bench.tickNow();

  const [position] = await positions();
  if (!position) throw new Error('no position');
  expect(position).toMatchObject({
    side: c.side,
    marginMode: 1,
    count: '0.1',
    openAvgPrice: '50000',
    // 0.1 x 50,000 / 20.
    openMarginCount: '250',
    markPrice: '50000.00',
    liquidationPrice: c.shown,
  });

  // The core formula on the position as the web reads it, with the market's tiers, gives the same.
  const market = (await send<PerpMarketInfo[]>(null, 'GET', FUTURES_PATHS.markets)).find(
    (m) => m.symbol === BTC,
  );
  if (!market) throw new Error('no market');
  const core = liquidationPrice({
    marginMode: MARGIN_MODE.isolated,
    positionMode: POSITION_MODE.oneWay,
    walletBalance: position.openMarginCount,
    tiers: market.tiers,
    both: { side: position.side, size: position.count, entryPrice: position.openAvgPrice },
  });
  expect(formatLiquidationPrice(core, market.pricePrecision)).toBe(c.shown);

  // The web's margin figure a tick short of it stays above maintenance; at it, it is below.
  const maintenance = (price: string) =>
    maintenanceMargin(market.tiers, new Decimal(position.count).times(price)).toFixed();
  expect(derivePositionFields(position, c.before.mark).dOpenMarginCount).toBe(c.before.margin);
  expect(maintenance(c.before.mark)).toBe(c.before.maintenance);
  expect(new Decimal(c.before.margin).gt(c.before.maintenance)).toBe(true);
  expect(derivePositionFields(position, c.shown).dOpenMarginCount).toBe(c.at.margin);
  expect(maintenance(c.shown)).toBe(c.at.maintenance);
  expect(new Decimal(c.at.margin).lte(c.at.maintenance)).toBe(true);

  // The host agrees: a tick short, the position stays, with those figures.
  await markAt(c.before.mark);
  expect(await positions()).toMatchObject([
    {
      markPrice: c.before.mark,
      unrealisedPnl: c.before.pnl,
      maintenanceMargin: c.before.maintenance,
      liquidationPrice: c.shown,
    },
  ]);
  // At the price shown, the one tick liquidates it, at the mark.
  await markAt(c.shown);
  expect(await positions()).toEqual([]);
  const history = await send<Page<FuturesOrder>>('trader', 'GET', FUTURES_PATHS.orderHistory);
  expect(history.items[0]).toMatchObject({
    source: 'liquidation',
    side: long ? 'sell' : 'buy',
    status: 'FILLED',
    quantity: '0.1',
    avgPrice: c.shown,
  });
  // The trader lost the margin and nothing more: 1,000 - 2.5 fee - 250.
  expect((await send<FuturesAccount>('trader', 'GET', FUTURES_PATHS.account)).walletBalance).toBe(
    '747.5',
  );
  // Its bills: the loss at the mark, and what the margin still held going to the fund.
  const bills = await send<Page<FuturesBill>>('trader', 'GET', FUTURES_PATHS.bills);
  const loss = new Decimal(c.at.margin).minus(250).toFixed();
  expect(bills.items.filter((b) => b.type === 'liquidation').map((b) => b.amount)).toEqual(
    expect.arrayContaining([loss, `-${c.at.margin}`]),
  );
}

describe.each(STORES)('an isolated short is liquidated at the price it shows, on %s', (store) => {
  const bench = liquidationBench(store);
  it('stays open a tick short of it and is liquidated there in one tick', () =>
    // 250 + 0.1 x (50,000 - P) = 0.004 x 0.1 x P in the first row (0.4 %, no amount):
    // P = 5,250 / 0.1004 = 52,290.8366..., shown 52,290.84.
    liquidatesWhereShown(bench, {
      side: 2,
      shown: '52290.84',
      // 250 - 0.1 x 2,290.83 = 20.917 against 0.004 x 5,229.083 = 20.916332.
      before: { mark: '52290.83', pnl: '-229.083', margin: '20.917', maintenance: '20.916332' },
      // 250 - 0.1 x 2,290.84 = 20.916 against 0.004 x 5,229.084 = 20.916336.
      at: { margin: '20.916', maintenance: '20.916336' },
    }));
});

describe.each(STORES)('an isolated long is liquidated at the price it shows, on %s', (store) => {
  const bench = liquidationBench(store);
  it('stays open a tick short of it and is liquidated there in one tick', () =>
    // 250 + 0.1 x (P - 50,000) = 0.004 x 0.1 x P: P = 4,750 / 0.0996 = 47,690.7630..., shown 47,690.76.
    liquidatesWhereShown(bench, {
      side: 1,
      shown: '47690.76',
      // 250 - 0.1 x 2,309.23 = 19.077 against 0.004 x 4,769.077 = 19.076308.
      before: { mark: '47690.77', pnl: '-230.923', margin: '19.077', maintenance: '19.076308' },
      // 250 - 0.1 x 2,309.24 = 19.076 against 0.004 x 4,769.076 = 19.076304.
      at: { margin: '19.076', maintenance: '19.076304' },
    }));
});
