/**
 * The market simulator (DESIGN.md section 6): with no outside feed it keeps
 * every market live. Each market has an index price, a seeded random walk;
 * a market maker keeps a ladder of limit orders either side of it and
 * requotes a few times a second, and a taker sends small market orders at
 * random intervals, so books, trades and klines move. Both are ordinary
 * users trading through the spot service, the same path as everyone else:
 * their orders are checked, frozen, matched and journaled like any other.
 *
 * `tick(now)` is one step; a timer drives it in production and tests call it
 * directly with their own clock. Refusals (insufficient balance, no
 * liquidity, an order already filled) are expected and logged at debug.
 */
import {
  Decimal,
  lotsToQuantity,
  priceToTicks,
  realSymbolOf,
  ticksToPrice,
  type Balance,
  type CancelAllAnswer,
  type PlaceSpotOrder,
  type SpotMarketConfig,
  type SpotOrder,
} from '@quay/core';
import { AppError } from '../../kernel/app-error';
import type { BookSnapshot } from '../../kernel/market-events';
import { randomFor, walkStep, type Random, type WalkShape } from './random-walk';
import { MINUTE_VOLATILITY } from './synthetic-history';

/** Where each default market's index starts on a fresh install. */
export const START_PRICES: Readonly<Record<string, string>> = {
  BTCUSDT: '95000',
  ETHUSDT: '3500',
  SOLUSDT: '180',
  XRPUSDT: '2.3',
};

/** Where a market starts on a fresh install; a demo market (SBTCSUSDT) where its real one does. */
export function startPriceOf(symbol: string): string | undefined {
  return START_PRICES[symbol] ?? START_PRICES[realSymbolOf(symbol) ?? ''];
}

export const MAKER_EMAIL = 'maker@sim.quay.local';
export const TAKER_EMAIL = 'taker@sim.quay.local';

/** The spot service as the simulator uses it. */
export interface SimulatorSpot {
  /** What the simulator reads of a placed order: whether it rests, and under which id. */
  placeOrder(userId: string, body: PlaceSpotOrder): Promise<Pick<SpotOrder, 'orderId' | 'status'>>;
  cancelOrder(userId: string, symbol: string, orderId: string): Promise<unknown>;
  cancelAll(userId: string, symbol: string): Promise<CancelAllAnswer>;
  /** The user's live orders in one market. */
  openOrders(userId: string, symbol: string): Promise<ReadonlyArray<{ orderId: string }>>;
}

export interface SimulatorLedger {
  deposit(userId: string, coin: string, amount: string, memo: string): Promise<void>;
  balances(userId: string): Promise<Balance[]>;
}

export interface SimulatorLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SimulatorOptions {
  spot: SimulatorSpot;
  ledger: SimulatorLedger;
  /** Opens (or finds) an account that cannot log in; answers its row id. */
  ensureSystemUser(email: string): Promise<string>;
  /** The book as it stands (MarketEvents.book): tells which maker orders were filled. */
  book(symbol: string, levels: number): BookSnapshot;
  markets: readonly SpotMarketConfig[];
  seed: number;
  now: () => number;
  log: SimulatorLog;
  /** Where an index starts: the last traded price after a restart, else START_PRICES. */
  initialPrice?: ((symbol: string) => string | null) | undefined;
  /** Price moves: standard deviation per minute as a fraction (default about 3% a day). */
  minuteVolatility?: number | undefined;
  /** Limit orders each side of the index. */
  levels?: number | undefined;
  /** Gap between ladder levels, in basis points of the price (at least two ticks). */
  levelSpacing_bps?: number | undefined;
  requote_ms?: number | undefined;
  /** Mean wait between two taker orders of one market. */
  takerInterval_ms?: number | undefined;
  /**
   * A price the index follows instead of its own walk (a perpetual quotes
   * around its spot market); null leaves the walk in charge.
   */
  follow?: ((symbol: string) => string | null) | undefined;
  /** The coins the simulator's accounts are funded in (default: every base and quote coin). */
  fundedCoins?: readonly string[] | undefined;
}

export interface Simulator {
  /** Opens and funds the simulator's accounts and clears their old orders. */
  start(): Promise<void>;
  /** One step of every market at `now`. */
  tick(now: number): Promise<void>;
  /** Ticks every `period_ms` until close. */
  startTimer(period_ms?: number): void;
  /** Stops the timer and waits for the step under way; `tick` still steps it (tests drive it by hand). */
  stopTimer(): Promise<void>;
  /** Stops the timer and waits for the step under way. */
  close(): Promise<void>;
  /** The index price of a market, as a decimal string. */
  indexPrice(symbol: string): string;
}

/** What each account is funded with; topped up again when it falls under a tenth of it. */
const QUOTE_FUNDING = '1000000000';
const BASE_FUNDING_VALUE = '200000000';
const TOP_UP_CHECK_MS = 10_000;
/**
 * Every this often the maker compares its live orders with the ladder it
 * keeps and cancels any it lost track of. It never cancels the whole ladder
 * at once, so the book is never empty between two quotes.
 */
const REFRESH_MS = 60_000;
/** A taker waits at least this long, and at most this long, between orders. */
const TAKER_WAIT_MIN_MS = 50;
const TAKER_WAIT_MAX_MS = 5_000;
/** The longest stretch of time one index step covers (after a pause, the walk does not leap). */
const STEP_MAX_MS = 60_000;
const BOOK_LEVELS_READ = 200;

interface Resting {
  orderId: string;
  lots: number;
}

interface MarketSim {
  market: SpotMarketConfig;
  random: Random;
  index: number;
  sigmaPerMinute: number;
  anchor: number;
  lastStep: number;
  nextQuote: number;
  nextTake: number;
  nextRefresh: number;
  bids: Map<number, Resting>;
  asks: Map<number, Resting>;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const { spot, ledger, log } = options;
  const levels = Math.max(1, Math.min(50, options.levels ?? 15));
  const spacing_bps = options.levelSpacing_bps ?? 1;
  const requote_ms = options.requote_ms ?? 400;
  const takerInterval_ms = options.takerInterval_ms ?? 400;
  const volatility = options.minuteVolatility ?? MINUTE_VOLATILITY;
  let makerId: string | null = null;
  let takerId: string | null = null;
  let nextTopUp = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  let timed = false;

  const startPrice = startPriceOf;
  const sims = options.markets.map((market): MarketSim => {
    const wanted = options.initialPrice?.(market.symbol) || startPrice(market.symbol);
    const index = wanted ? priceToTicks(wanted, market) : null;
    if (index === null) throw new Error(`no start price for ${market.symbol}`);
    return {
      market,
      random: randomFor(options.seed, market.symbol),
      index,
      sigmaPerMinute: Math.max(1, Math.round(index * volatility)),
      anchor: index,
      lastStep: options.now(),
      nextQuote: 0,
      nextTake: 0,
      nextRefresh: 0,
      bids: new Map(),
      asks: new Map(),
    };
  });

  /** Refusals are part of trading; anything else is worth a warning, and the simulator goes on. */
  const attempt = async <T>(what: string, symbol: string, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError)
        log.debug({ symbol, code: err.code }, `simulator ${what} refused`);
      else log.warn({ err, symbol }, `simulator ${what} failed`);
      return null;
    }
  };

  const fundingOf = (coin: string): string | null => {
    const quoted = options.markets.find((m) => m.quote === coin);
    if (quoted) return QUOTE_FUNDING;
    const based = options.markets.find((m) => m.base === coin);
    const price = based && startPrice(based.symbol);
    return price ? new Decimal(BASE_FUNDING_VALUE).div(price).floor().toFixed(0) : null;
  };

  const coins = options.fundedCoins ?? [
    ...new Set(options.markets.flatMap((m) => [m.base, m.quote])),
  ];

  const topUp = async (userId: string) => {
    const held = new Map((await ledger.balances(userId)).map((b) => [b.coin, b.total]));
    for (const coin of coins) {
      const funding = fundingOf(coin);
      if (!funding) continue;
      if (new Decimal(held.get(coin) ?? '0').lt(new Decimal(funding).div(10))) {
        await ledger.deposit(userId, coin, funding, 'market simulator funding');
        log.info({ coin, amount: funding }, 'simulator account funded');
      }
    }
  };

  const step = (sim: MarketSim, now: number) => {
    const followed = options.follow?.(sim.market.symbol);
    const ticks = followed ? priceToTicks(followed, sim.market) : null;
    if (ticks !== null && ticks > 0) {
      sim.index = ticks;
      sim.lastStep = now;
      return;
    }
    const elapsed = Math.min(STEP_MAX_MS, Math.max(0, now - sim.lastStep));
    sim.lastStep = now;
    if (elapsed === 0) return;
    const minutes = elapsed / 60_000;
    const shape: WalkShape = {
      sigmaTicks: sim.sigmaPerMinute * Math.sqrt(minutes),
      pull: minutes / (24 * 60),
      anchorTicks: sim.anchor,
      floorTicks: Math.max(1, Math.round(sim.anchor / 5)),
    };
    sim.index = walkStep(sim.index, shape, sim.random);
  };

  /** Lots worth about `notional` of the quote coin at `ticks`; at least one lot. */
  const lotsFor = (sim: MarketSim, ticks: number, notional: number): number => {
    const price = new Decimal(ticksToPrice(ticks, sim.market));
    const lots = new Decimal(notional).div(price.times(sim.market.lotSize)).floor().toNumber();
    const least = new Decimal(sim.market.minNotional)
      .div(price.times(sim.market.lotSize))
      .ceil()
      .toNumber();
    return Math.max(1, least, lots);
  };

  const requote = async (sim: MarketSim, maker: string, now: number) => {
    const { symbol } = sim.market;
    if (now >= sim.nextRefresh) {
      sim.nextRefresh = now + REFRESH_MS;
      const live = await attempt('list', symbol, () => spot.openOrders(maker, symbol));
      const known = new Set([...sim.bids.values(), ...sim.asks.values()].map((o) => o.orderId));
      for (const { orderId } of live ?? []) {
        if (known.has(orderId)) continue;
        await attempt('cancel', symbol, () => spot.cancelOrder(maker, symbol, orderId));
      }
    }
    const gap = Math.max(2, Math.round((sim.index * spacing_bps) / 10_000));
    const bestBid = Math.ceil(sim.index / gap) * gap - gap;
    const wanted = {
      bids: new Set<number>(),
      asks: new Set<number>(),
    };
    for (let k = 0; k < levels; k += 1) {
      if (bestBid - k * gap > 0) wanted.bids.add(bestBid - k * gap);
      wanted.asks.add(bestBid + gap + k * gap);
    }
    // An order whose level shows less than it holds has been (partly) filled: quote it afresh.
    const book = options.book(symbol, BOOK_LEVELS_READ);
    const shown = (list: BookSnapshot['bids']) => {
      const lots = new Map<number, number>();
      for (const [price, quantity] of list) {
        const ticks = priceToTicks(price, sim.market);
        const q = new Decimal(quantity).div(sim.market.lotSize);
        if (ticks !== null) lots.set(ticks, q.toNumber());
      }
      return lots;
    };
    const sides = [
      { side: 'buy' as const, resting: sim.bids, want: wanted.bids, shown: shown(book.bids) },
      { side: 'sell' as const, resting: sim.asks, want: wanted.asks, shown: shown(book.asks) },
    ];
    // Orders that leave the ladder: off it now, or (partly) filled and to be quoted afresh.
    const stale: { side: 'buy' | 'sell'; ticks: number; orderId: string }[] = [];
    for (const { side, resting, want, shown: onBook } of sides) {
      for (const [ticks, order] of [...resting]) {
        const filled = (onBook.get(ticks) ?? 0) < order.lots;
        if (want.has(ticks) && !filled) continue;
        resting.delete(ticks);
        // A level gone from the book was filled whole: nothing left to cancel.
        if (!filled || onBook.has(ticks)) stale.push({ side, ticks, orderId: order.orderId });
      }
    }
    const unplaced = sides.flatMap(({ side, resting, want }) =>
      [...want].filter((ticks) => !resting.has(ticks)).map((ticks) => ({ side, ticks })),
    );
    // The maker never trades with itself: a bid must sit under every ask it still has, an ask over every bid.
    const crossesOwn = ({ side, ticks }: { side: 'buy' | 'sell'; ticks: number }) =>
      side === 'buy'
        ? [...sim.asks.keys()].some((ask) => ask <= ticks) ||
          stale.some((o) => o.side === 'sell' && o.ticks <= ticks)
        : [...sim.bids.keys()].some((bid) => bid >= ticks) ||
          stale.some((o) => o.side === 'buy' && o.ticks >= ticks);
    const place = async ({ side, ticks }: { side: 'buy' | 'sell'; ticks: number }) => {
      const resting = side === 'buy' ? sim.bids : sim.asks;
      const depth = Math.abs(ticks - sim.index) / gap;
      const notional = Math.round((300 + sim.random() * 3000) * (1 + depth / 5));
      const lots = lotsFor(sim, ticks, notional);
      const order = await attempt('quote', symbol, () =>
        spot.placeOrder(maker, {
          symbol,
          side,
          type: 'limit',
          timeInForce: 'GTC',
          price: ticksToPrice(ticks, sim.market),
          quantity: lotsToQuantity(lots, sim.market),
        }),
      );
      if (order && (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED')) {
        resting.set(ticks, { orderId: order.orderId, lots });
      }
    };
    const cancel = (order: { orderId: string }) =>
      attempt('cancel', symbol, () => spot.cancelOrder(maker, symbol, order.orderId));
    // New quotes go up before old ones come down, so neither side of the book is ever empty
    // between two quotes, however far the index has moved. First the quotes that cross none
    // of the maker's own orders; then the old orders in the way of the rest; then the rest;
    // then whatever old is left.
    const blocked = unplaced.filter(crossesOwn);
    for (const quote of unplaced) if (!blocked.includes(quote)) await place(quote);
    const inTheWay = stale.filter((o) =>
      blocked.some((q) =>
        q.side === 'buy'
          ? o.side === 'sell' && o.ticks <= q.ticks
          : o.side === 'buy' && o.ticks >= q.ticks,
      ),
    );
    for (const order of inTheWay) await cancel(order);
    for (const quote of blocked) await place(quote);
    for (const order of stale) if (!inTheWay.includes(order)) await cancel(order);
  };

  const take = async (sim: MarketSim, taker: string) => {
    const { symbol } = sim.market;
    // Small orders, mostly tens to hundreds of the quote coin.
    const notional = Math.round(10 * Math.exp(sim.random() * Math.log(50)));
    const side = sim.random() < 0.5 ? 'buy' : 'sell';
    const body: PlaceSpotOrder =
      side === 'buy'
        ? { symbol, side, type: 'market', quoteAmount: String(notional) }
        : {
            symbol,
            side,
            type: 'market',
            quantity: lotsToQuantity(lotsFor(sim, sim.index, notional), sim.market),
          };
    await attempt('take', symbol, () => spot.placeOrder(taker, body));
  };

  const runMarket = async (sim: MarketSim, now: number, maker: string, taker: string) => {
    step(sim, now);
    if (now >= sim.nextQuote) {
      sim.nextQuote = now + requote_ms;
      await requote(sim, maker, now);
    }
    if (now >= sim.nextTake) {
      // Exponential waits: takers arrive as a Poisson stream.
      const wait = -Math.log(1 - sim.random()) * takerInterval_ms;
      sim.nextTake = now + Math.min(TAKER_WAIT_MAX_MS, Math.max(TAKER_WAIT_MIN_MS, wait));
      await take(sim, taker);
    }
  };

  const stepAll = async (now: number): Promise<void> => {
    if (closed || !makerId || !takerId) return;
    const maker = makerId;
    const taker = takerId;
    if (now >= nextTopUp) {
      nextTopUp = now + TOP_UP_CHECK_MS;
      for (const userId of [maker, taker]) {
        await attempt('top-up', '', () => topUp(userId));
      }
    }
    // Markets are independent (one engine writer each), so they step side by side.
    await Promise.all(sims.map((sim) => runMarket(sim, now, maker, taker)));
  };

  /** One step at a time: a step still under way is the answer to a second call. */
  const tick = (now: number): Promise<void> => {
    if (running) return running;
    running = stepAll(now).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    async start() {
      makerId = await options.ensureSystemUser(MAKER_EMAIL);
      takerId = await options.ensureSystemUser(TAKER_EMAIL);
      const now = options.now();
      for (const userId of [makerId, takerId]) await topUp(userId);
      nextTopUp = now + TOP_UP_CHECK_MS;
      for (const sim of sims) {
        sim.lastStep = now;
        sim.nextRefresh = now + REFRESH_MS;
        // Orders of an earlier run are unknown to this one.
        for (const userId of [makerId, takerId]) {
          await attempt('cancel all', sim.market.symbol, () =>
            spot.cancelAll(userId, sim.market.symbol),
          );
        }
      }
    },

    tick,

    startTimer(period_ms = 250) {
      if (timer || closed) return;
      timed = true;
      const loop = () => {
        timer = setTimeout(() => {
          void tick(options.now())
            .catch((err: unknown) => log.warn({ err }, 'simulator step failed'))
            .finally(() => {
              if (!closed && timed) loop();
            });
        }, period_ms);
        timer.unref();
      };
      loop();
    },

    async stopTimer() {
      timed = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running.catch(() => undefined);
    },

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running.catch(() => undefined);
    },

    indexPrice(symbol) {
      const sim = sims.find((s) => s.market.symbol === symbol);
      if (!sim) throw new Error(`no market ${symbol}`);
      return ticksToPrice(sim.index, sim.market);
    },
  };
}
