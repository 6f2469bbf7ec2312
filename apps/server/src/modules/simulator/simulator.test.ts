import {
  DEFAULT_SPOT_MARKETS,
  Decimal,
  type Balance,
  type PlaceSpotOrder,
  type SpotOrder,
} from '@quay/core';
import { describe, expect, it } from 'vitest';
import { appError } from '../../kernel/app-error';
import { HandFedMarketEvents } from '../../test/test-market-events';
import {
  MAKER_EMAIL,
  TAKER_EMAIL,
  createSimulator,
  type SimulatorLedger,
  type SimulatorOptions,
  type SimulatorSpot,
} from './simulator';

const T0 = Date.UTC(2026, 0, 14, 10, 0, 0);
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/**
 * The simulator's view of the exchange, recorded: every call it makes, with
 * resting limit orders shown in a hand-fed book. The real spot service is
 * exercised by the integration suite; this one looks at the simulator's own
 * decisions.
 */
class Exchange implements SimulatorSpot, SimulatorLedger {
  readonly placed: Array<{ userId: string; body: PlaceSpotOrder }> = [];
  readonly cancelled: string[] = [];
  readonly cancelAlls: string[] = [];
  readonly deposits: Array<{ userId: string; coin: string; amount: string }> = [];
  readonly resting = new Map<string, { userId: string; body: PlaceSpotOrder }>();
  readonly held = new Map<string, Map<string, string>>();
  refuse: string | null = null;
  /** Called after every order placed or cancelled: what a trader sees between two calls. */
  watch: ((symbol: string) => void) | null = null;
  private nextId = 1;

  constructor(readonly events: HandFedMarketEvents) {}

  private syncBook(symbol: string) {
    const side = (s: 'buy' | 'sell') =>
      [...this.resting.values()]
        .filter((o) => o.body.symbol === symbol && o.body.side === s)
        .map((o) => [o.body.price ?? '', o.body.quantity ?? ''] as [string, string])
        .sort((a, b) => (s === 'buy' ? -1 : 1) * new Decimal(a[0]).cmp(b[0]));
    this.events.setBook(symbol, 0, side('buy'), side('sell'));
  }

  async placeOrder(userId: string, body: PlaceSpotOrder): Promise<SpotOrder> {
    if (this.refuse) throw appError('INSUFFICIENT_BALANCE');
    if (body.type === 'limit') {
      const crossed = [...this.resting.values()].some(
        (o) =>
          o.userId === userId &&
          o.body.symbol === body.symbol &&
          o.body.side !== body.side &&
          (body.side === 'buy'
            ? new Decimal(o.body.price ?? '0').lte(body.price ?? '0')
            : new Decimal(o.body.price ?? '0').gte(body.price ?? '0')),
      );
      if (crossed) throw new Error(`${userId} would trade with itself at ${body.price}`);
    }
    this.placed.push({ userId, body });
    const orderId = String(this.nextId++);
    if (body.type === 'limit') {
      this.resting.set(orderId, { userId, body });
      this.syncBook(body.symbol);
    }
    this.watch?.(body.symbol);
    return {
      orderId,
      clientOrderId: null,
      symbol: body.symbol,
      side: body.side,
      type: body.type,
      timeInForce: body.timeInForce ?? null,
      price: body.price ?? '',
      quantity: body.quantity ?? '',
      quoteAmount: body.quoteAmount ?? '',
      filledQuantity: '0',
      filledQuote: '0',
      avgPrice: '',
      status: body.type === 'limit' ? 'NEW' : 'FILLED',
      cancelReason: null,
      createdAt: T0,
      updatedAt: T0,
    };
  }

  /** A taker fills a resting order completely. */
  fill(orderId: string) {
    const order = this.resting.get(orderId);
    this.resting.delete(orderId);
    if (order) this.syncBook(order.body.symbol);
  }

  async cancelOrder(_userId: string, symbol: string, orderId: string): Promise<SpotOrder> {
    if (!this.resting.has(orderId)) throw appError('ORDER_NOT_FOUND');
    this.cancelled.push(orderId);
    this.resting.delete(orderId);
    this.syncBook(symbol);
    this.watch?.(symbol);
    return {} as SpotOrder;
  }

  async cancelAll(userId: string, symbol: string) {
    this.cancelAlls.push(`${userId}:${symbol}`);
    let cancelled = 0;
    for (const [id, o] of this.resting) {
      if (o.userId === userId && o.body.symbol === symbol) {
        this.resting.delete(id);
        cancelled += 1;
      }
    }
    this.syncBook(symbol);
    return { cancelled };
  }

  async openOrders(userId: string, symbol: string) {
    return [...this.resting]
      .filter(([, o]) => o.userId === userId && o.body.symbol === symbol)
      .map(([orderId]) => ({ orderId }));
  }

  async deposit(userId: string, coin: string, amount: string): Promise<void> {
    this.deposits.push({ userId, coin, amount });
    const mine = this.held.get(userId) ?? new Map<string, string>();
    mine.set(coin, new Decimal(mine.get(coin) ?? '0').plus(amount).toFixed());
    this.held.set(userId, mine);
  }

  async balances(userId: string): Promise<Balance[]> {
    return [...(this.held.get(userId) ?? new Map<string, string>())].map(([coin, total]) => ({
      coin,
      available: total,
      frozen: '0',
      total,
    }));
  }
}

function setup(extra: Partial<SimulatorOptions> = {}) {
  const events = new HandFedMarketEvents();
  const exchange = new Exchange(events);
  const users: string[] = [];
  let now = T0;
  const simulator = createSimulator({
    spot: exchange,
    ledger: exchange,
    ensureSystemUser: async (email) => {
      if (!users.includes(email)) users.push(email);
      return `id:${email}`;
    },
    book: (symbol, levels) => events.book(symbol, levels),
    markets: DEFAULT_SPOT_MARKETS,
    seed: 1,
    now: () => now,
    log: quiet,
    ...extra,
  });
  return {
    events,
    exchange,
    users,
    simulator,
    at: (ms: number) => {
      now = T0 + ms;
      return now;
    },
  };
}

const MAKER = `id:${MAKER_EMAIL}`;
const TAKER = `id:${TAKER_EMAIL}`;

describe('the market simulator', () => {
  it('opens its two accounts, funds them once, and tops up what runs low', async () => {
    const { simulator, exchange, users, at } = setup();
    await simulator.start();
    expect(users).toEqual([MAKER_EMAIL, TAKER_EMAIL]);
    const coins = ['BTC', 'USDT', 'ETH', 'SOL', 'XRP'];
    expect(exchange.deposits.filter((d) => d.userId === MAKER).map((d) => d.coin)).toEqual(coins);
    expect(exchange.deposits.find((d) => d.coin === 'USDT')?.amount).toBe('1000000000');
    expect(exchange.deposits.find((d) => d.coin === 'BTC')?.amount).toBe('2105');
    // Orders of an earlier run are cancelled for both accounts in every market.
    expect(exchange.cancelAlls).toHaveLength(8);

    const again = setup();
    for (const [user, coinsHeld] of exchange.held)
      again.exchange.held.set(user, new Map(coinsHeld));
    await again.simulator.start();
    expect(again.exchange.deposits).toEqual([]);

    exchange.held.get(TAKER)?.set('ETH', '5000');
    await simulator.tick(at(1_000));
    expect(exchange.deposits.slice(10)).toEqual([]);
    await simulator.tick(at(11_000));
    expect(exchange.deposits.slice(10)).toEqual([{ userId: TAKER, coin: 'ETH', amount: '57142' }]);
    await simulator.close();
  });

  it('quotes a ladder either side of the index and sends market orders', async () => {
    const { simulator, exchange, events, at } = setup();
    await simulator.start();
    await simulator.tick(at(0));
    for (const market of DEFAULT_SPOT_MARKETS) {
      const book = events.book(market.symbol, 100);
      expect(book.bids, market.symbol).toHaveLength(15);
      expect(book.asks).toHaveLength(15);
      const bestBid = new Decimal(book.bids[0]?.[0] ?? '0');
      const bestAsk = new Decimal(book.asks[0]?.[0] ?? '0');
      const index = new Decimal(simulator.indexPrice(market.symbol));
      expect(bestBid.lt(bestAsk) && bestBid.lte(index) && bestAsk.gte(index)).toBe(true);
      // Within a fraction of a percent of the index.
      expect(bestAsk.minus(bestBid).div(index).lt(0.001)).toBe(true);
      for (const [price, quantity] of [...book.bids, ...book.asks]) {
        expect(new Decimal(price).div(market.tickSize).isInteger()).toBe(true);
        expect(new Decimal(quantity).div(market.lotSize).isInteger()).toBe(true);
        expect(new Decimal(price).times(quantity).gte(market.minNotional)).toBe(true);
      }
    }
    const takes = exchange.placed.filter((p) => p.userId === TAKER);
    expect(takes).toHaveLength(4);
    for (const { body } of takes) {
      expect(body.type).toBe('market');
      const value =
        body.side === 'buy'
          ? new Decimal(body.quoteAmount ?? '0')
          : new Decimal(body.quantity ?? '0').times(simulator.indexPrice(body.symbol));
      expect(value.gte(5) && value.lte(600)).toBe(true);
    }
    await simulator.close();
  });

  it('requotes only what moved or was filled, and keeps trading for minutes', async () => {
    const { simulator, exchange, events, at } = setup();
    await simulator.start();
    await simulator.tick(at(0));
    const makerOrders = () => exchange.placed.filter((p) => p.userId === MAKER).length;
    const before = makerOrders();
    // The best BTC bid is taken by someone.
    const [bestId] = [...exchange.resting.entries()]
      .filter(([, o]) => o.body.symbol === 'BTCUSDT' && o.body.side === 'buy')
      .sort((a, b) => new Decimal(b[1].body.price ?? '0').cmp(a[1].body.price ?? '0'))
      .map(([id]) => id);
    exchange.fill(bestId ?? '');
    await simulator.tick(at(1));
    expect(makerOrders()).toBe(before);
    await simulator.tick(at(400));
    const replaced = makerOrders() - before;
    expect(replaced).toBeGreaterThanOrEqual(1);
    expect(replaced).toBeLessThan(30);
    for (let ms = 800; ms <= 120_000; ms += 250) await simulator.tick(at(ms));
    for (const market of DEFAULT_SPOT_MARKETS) {
      const book = events.book(market.symbol, 100);
      expect(book.bids.length + book.asks.length, market.symbol).toBe(30);
    }
    const takes = exchange.placed.filter((p) => p.userId === TAKER).length;
    // A few a second per market over two minutes.
    expect(takes).toBeGreaterThan(4 * 120);
    expect(takes).toBeLessThan(4 * 120 * 10);
    await simulator.close();
  });

  it('never empties its book to refresh, and cancels an order it lost track of', async () => {
    const { simulator, exchange, events, at } = setup();
    await simulator.start();
    await simulator.tick(at(0));
    // A maker order the simulator does not know (an answer lost on the way).
    const stray: PlaceSpotOrder = {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      timeInForce: 'GTC',
      price: '1000.00',
      quantity: '0.0100',
    };
    exchange.resting.set('stray', { userId: MAKER, body: stray });
    let thinnest = Infinity;
    for (let ms = 250; ms <= 61_000; ms += 250) {
      await simulator.tick(at(ms));
      for (const market of DEFAULT_SPOT_MARKETS) {
        const book = events.book(market.symbol, 100);
        thinnest = Math.min(thinnest, book.bids.length, book.asks.length);
      }
    }
    // Each side keeps most of its ladder at every step; nothing was cancelled wholesale.
    expect(thinnest).toBeGreaterThanOrEqual(10);
    expect(exchange.cancelAlls).toHaveLength(8);
    expect(exchange.cancelled).toContain('stray');
    expect(exchange.resting.has('stray')).toBe(false);
    await simulator.close();
  });

  it('keeps both sides quoted through every call when the index leaps past its ladder, never meeting its own orders', async () => {
    let leap = 1;
    const { simulator, exchange, events, at } = setup({
      follow: (symbol) =>
        symbol === 'BTCUSDT' ? new Decimal('95000').times(leap).toFixed(2) : null,
    });
    await simulator.start();
    await simulator.tick(at(0));
    let thinnest = Infinity;
    exchange.watch = (symbol) => {
      if (symbol !== 'BTCUSDT') return;
      const book = events.book(symbol, 100);
      thinnest = Math.min(thinnest, book.bids.length, book.asks.length);
    };
    const placedBefore = exchange.placed.length;
    // Up 1 %, down 2 %, back: each move is far wider than the 15-level ladder.
    for (const [k, factor] of [1.01, 0.99, 1].entries()) {
      leap = factor;
      await simulator.tick(at(400 * (k + 1)));
      const book = events.book('BTCUSDT', 100);
      expect(book.bids).toHaveLength(15);
      expect(book.asks).toHaveLength(15);
      const index = new Decimal(simulator.indexPrice('BTCUSDT'));
      expect(new Decimal(book.bids[0]?.[0] ?? '0').lte(index)).toBe(true);
      expect(new Decimal(book.asks[0]?.[0] ?? '0').gte(index)).toBe(true);
    }
    expect(exchange.placed.length - placedBefore).toBeGreaterThanOrEqual(3 * 30);
    expect(thinnest).toBeGreaterThanOrEqual(1);
    await simulator.close();
  });

  it('walks the same way for the same seed and another way for another', async () => {
    const prices = async (seed: number) => {
      const { simulator, at } = setup({ seed });
      await simulator.start();
      const seen: string[] = [];
      for (let ms = 0; ms <= 10_000; ms += 250) {
        await simulator.tick(at(ms));
        seen.push(simulator.indexPrice('ETHUSDT'));
      }
      await simulator.close();
      return seen;
    };
    const a = await prices(3);
    expect(await prices(3)).toEqual(a);
    expect(await prices(4)).not.toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(5);
  });

  it('starts from the last traded price after a restart', async () => {
    const { simulator } = setup({ initialPrice: (s) => (s === 'SOLUSDT' ? '171.234' : null) });
    expect(simulator.indexPrice('SOLUSDT')).toBe('171.234');
    expect(simulator.indexPrice('BTCUSDT')).toBe('95000.00');
  });

  it('goes on when orders are refused, and stops ticking once closed', async () => {
    const { simulator, exchange, at } = setup();
    await simulator.start();
    exchange.refuse = 'INSUFFICIENT_BALANCE';
    await expect(simulator.tick(at(0))).resolves.toBeUndefined();
    expect(exchange.placed).toEqual([]);
    exchange.refuse = null;
    await simulator.tick(at(500));
    expect(exchange.placed.length).toBeGreaterThan(0);

    simulator.startTimer(5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await simulator.close();
    const count = exchange.placed.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await simulator.tick(at(100_000));
    expect(exchange.placed.length).toBe(count);
  });
});
