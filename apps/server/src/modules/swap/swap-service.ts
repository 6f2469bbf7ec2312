/**
 * The swap as users see it: the pools, quotes (exact input or exact
 * output), signed intents and their execution as a ledger job of the spot
 * host, the history, and withdrawals to an external wallet through the
 * assets module (frozen until the operator approves). The pools are funded
 * once at start from outside the exchange.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { serverDerivedKey } from '../../kernel/gateway/gateway-keys';
import type { Page } from '@quay/core';
import type {
  SwapIntent,
  SwapPool,
  SwapQuote,
  SwapQuoteRequest,
  SwapRecord,
} from '@quay/core/swap-api';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { EXTERNAL_ACCOUNT, Journal } from '../../kernel/journal';
import { fromMinor, toMinor } from '../../kernel/money';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import type { SpotHost } from '../spot';
import { SWAP_EXECUTE, swapJob, type SwapJobTerms } from './swap-jobs';
import {
  bestRoute,
  feeInInput,
  minimumReceived,
  ppmText,
  priceImpactPpm,
  routesOf,
  type PoolLookup,
} from './swap-math';
import type { SwapStore } from './swap-repositories';
import type { SwapOrderRow } from './swap-repository';
import { poolAccount, type SwapSettings } from './swap-settings';

function recordOf(row: SwapOrderRow): SwapRecord {
  const route = row.route.split('>');
  return {
    id: row.id,
    from: route[0] as string,
    to: route.at(-1) as string,
    amountIn: fromMinor(BigInt(row.amount_in)),
    amountOut: fromMinor(BigInt(row.amount_out)),
    minimumReceived: fromMinor(BigInt(row.minimum_out)),
    route,
    fee: fromMinor(BigInt(row.fee)),
    createdAt: row.created_at,
  };
}

/** The intents' signing key: HKDF over the server private key, a purpose of its own. */
export function swapIntentKey(config: {
  dataDir: string;
  rootKeyFile: string | null;
  serverKeyFile: string | null;
}): Buffer {
  return serverDerivedKey(config, 'quay swap', 'swap-intent-sign v1');
}

export class SwapService {
  readonly terms: SwapJobTerms;
  private readonly coins: string[];
  constructor(
    private readonly store: SwapStore,
    private readonly spotHost: SpotHost,
    readonly settings: SwapSettings,
    private readonly now: () => number,
    /** Signs intents: the same on every gateway (swapIntentKey), so any of them takes an intent another quoted. */
    private readonly key: Buffer,
  ) {
    const pools = Object.entries(settings.pools);
    this.coins = [...new Set(pools.flatMap(([, p]) => [p.base, p.quote]))];
    this.terms = {
      fee_bps: BigInt(settings.fee_bps),
      pairOf: (a, b) => {
        for (const [pair, p] of pools) {
          if ((p.base === a && p.quote === b) || (p.base === b && p.quote === a)) {
            return { pair, base: p.base };
          }
        }
        return null;
      },
    };
    spotHost.jobs.register(SWAP_EXECUTE, (args) => swapJob(args, this.terms));
  }

  /** Credits each pool once per coin, from outside the exchange. */
  async seed(): Promise<void> {
    if (!this.settings.seed) return;
    await this.store.transaction(async (repos) => {
      const journal = new Journal(this.now());
      const accounts = Object.keys(this.settings.pools).map(poolAccount);
      const held = await repos.ledger.balancesOf(accounts);
      for (const [pair, pool] of Object.entries(this.settings.pools)) {
        const account = poolAccount(pair);
        for (const [coin, seed] of [
          [pool.base, pool.baseSeed],
          [pool.quote, pool.quoteSeed],
        ] as const) {
          const amount = toMinor(seed) ?? 0n;
          if (held.some((b) => b.user_id === account && b.coin === coin)) continue;
          journal.post(`swap-seed:${account}:${coin}`, 'swap_seed', [
            { userId: EXTERNAL_ACCOUNT, coin, bucket: 'available', amount: -amount },
            { userId: account, coin, bucket: 'available', amount },
          ]);
        }
      }
      await journal.flush(repos);
    });
  }

  private async lookup(): Promise<PoolLookup> {
    const accounts = Object.keys(this.settings.pools).map(poolAccount);
    const rows = await this.store.repos.ledger.balancesOf(accounts);
    const held = (account: string, coin: string) =>
      BigInt(rows.find((r) => r.user_id === account && r.coin === coin)?.available ?? 0n);
    return (from, to) => {
      const found = this.terms.pairOf(from, to);
      if (!found) return null;
      const account = poolAccount(found.pair);
      return { in: held(account, from), out: held(account, to) };
    };
  }

  async pools(): Promise<SwapPool[]> {
    const lookup = await this.lookup();
    return Object.entries(this.settings.pools).map(([pair, p]) => {
      const reserves = lookup(p.base, p.quote);
      return {
        pair,
        base: p.base,
        quote: p.quote,
        baseReserve: fromMinor(reserves?.in ?? 0n),
        quoteReserve: fromMinor(reserves?.out ?? 0n),
        fee_bps: this.settings.fee_bps,
      };
    });
  }

  async quote(request: SwapQuoteRequest): Promise<SwapQuote> {
    const { from, to } = request;
    if (from === to || !this.coins.includes(from) || !this.coins.includes(to)) {
      throw appError('SWAP_PAIR_UNKNOWN');
    }
    const exactIn = request.amountIn !== undefined ? toMinor(request.amountIn) : null;
    const exactOut = request.amountOut !== undefined ? toMinor(request.amountOut) : null;
    if ((exactIn === null) === (exactOut === null) || (exactIn ?? exactOut ?? 0n) <= 0n) {
      throw appError('SWAP_AMOUNT_INVALID');
    }
    const lookup = await this.lookup();
    const routes = routesOf(from, to, this.coins, lookup);
    if (routes.length === 0) throw appError('SWAP_PAIR_UNKNOWN');
    const fee = this.terms.fee_bps;
    const best = bestRoute(
      routes,
      exactIn !== null ? { in: exactIn } : { out: exactOut as bigint },
      lookup,
      fee,
    );
    if (!best) throw appError('SWAP_POOL_TOO_SMALL');
    const input = best.amounts[0] as bigint;
    const output = best.amounts.at(-1) as bigint;
    const slippage = BigInt(request.slippage_bps);
    const price = (output * 100_000_000n) / input;
    return {
      from,
      to,
      amountIn: fromMinor(input),
      amountOut: fromMinor(output),
      route: best.route,
      priceImpact: ppmText(priceImpactPpm(best.route, best.amounts, lookup, fee)),
      minimumReceived: fromMinor(minimumReceived(output, slippage)),
      fee: fromMinor(feeInInput(input, best.route.length - 1, fee)),
      fee_bps: this.settings.fee_bps,
      slippage_bps: request.slippage_bps,
      price: fromMinor(price),
      expiresAt: this.now() + this.settings.quoteTtl_ms,
    };
  }

  private sign(id: string, userId: string, quote: SwapQuote): string {
    const text = [
      id,
      userId,
      quote.route.join('>'),
      quote.amountIn,
      quote.minimumReceived,
      quote.expiresAt,
    ].join('|');
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** A quote signed for the user and kept until spent or stale. */
  async getSign(userId: string, request: SwapQuoteRequest): Promise<SwapIntent> {
    const quote = await this.quote(request);
    const id = newId();
    await this.store.repos.swap.insertIntent({
      id,
      user_id: userId,
      route: quote.route.join('>'),
      amount_in: (toMinor(quote.amountIn) as bigint).toString(),
      minimum_out: (toMinor(quote.minimumReceived) as bigint).toString(),
      expires_at: quote.expiresAt,
      used_at: null,
      created_at: this.now(),
    });
    return { ...quote, intentId: id, signature: this.sign(id, userId, quote) };
  }

  /** Carries out a signed intent, once, before it is stale and not below its minimum. */
  async submit(userId: string, intentId: string, signature: string): Promise<SwapRecord> {
    const intent = await this.store.repos.swap.intent(intentId);
    if (!intent || intent.user_id !== userId) throw appError('SWAP_INTENT_NOT_FOUND');
    const route = intent.route.split('>');
    const expected = this.sign(intentId, userId, {
      route,
      amountIn: fromMinor(BigInt(intent.amount_in)),
      minimumReceived: fromMinor(BigInt(intent.minimum_out)),
      expiresAt: intent.expires_at,
    } as SwapQuote);
    const given = Buffer.from(signature);
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw appError('SWAP_INTENT_NOT_FOUND');
    }
    if (intent.used_at !== null) throw appError('SWAP_INTENT_USED');
    if (this.now() > intent.expires_at) throw appError('SWAP_INTENT_EXPIRED');
    const done = await this.spotHost.run(SWAP_EXECUTE, { intentId, userId, route });
    await this.spotHost.submit({ kind: 'notice', userIds: [userId] });
    return recordOf(done);
  }

  async history(userId: string, paging: Paging): Promise<Page<SwapRecord>> {
    const [total, rows] = await Promise.all([
      this.store.repos.swap.countOrders(userId),
      this.store.repos.swap.orders(userId, paging.offset, paging.limit),
    ]);
    return pageAnswer(paging, total, rows.map(recordOf));
  }
}
