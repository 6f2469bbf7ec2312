/**
 * Constant-product pools (x·y = k) in exact integer minor units: the output
 * for an exact input, the input for an exact output, routes through at most
 * one middle coin, price impact and the minimum received. The fee is taken
 * from the input and stays in the pool, so k never falls.
 */

export const BPS = 10_000n;
/** Price impact is answered in millionths. */
const PPM = 1_000_000n;

export interface Reserves {
  /** What the pool holds of the coin going in. */
  in: bigint;
  /** What the pool holds of the coin coming out. */
  out: bigint;
}

/** Output of one hop for an exact input; the fee (bps) is taken from the input. */
export function amountOut(reserves: Reserves, amountIn: bigint, fee_bps: bigint): bigint {
  if (amountIn <= 0n || reserves.in <= 0n || reserves.out <= 0n) return 0n;
  const inWithFee = amountIn * (BPS - fee_bps);
  return (inWithFee * reserves.out) / (reserves.in * BPS + inWithFee);
}

/** The least input of one hop that yields at least `wanted`; null when the pool cannot give it. */
export function amountIn(reserves: Reserves, wanted: bigint, fee_bps: bigint): bigint | null {
  if (wanted <= 0n || wanted >= reserves.out || reserves.in <= 0n) return null;
  const numerator = reserves.in * wanted * BPS;
  const denominator = (reserves.out - wanted) * (BPS - fee_bps);
  return (numerator + denominator - 1n) / denominator;
}

export interface RouteQuote {
  /** Coins from first to last. */
  route: string[];
  amounts: bigint[];
}

/** Reserves of the pool between two coins, in that direction; null without a pool. */
export type PoolLookup = (from: string, to: string) => Reserves | null;

/** Every route from `from` to `to`: the direct pool, and through each middle coin with both pools. */
export function routesOf(
  from: string,
  to: string,
  coins: readonly string[],
  pool: PoolLookup,
): string[][] {
  const routes: string[][] = [];
  if (pool(from, to)) routes.push([from, to]);
  for (const middle of coins) {
    if (middle === from || middle === to) continue;
    if (pool(from, middle) && pool(middle, to)) routes.push([from, middle, to]);
  }
  return routes;
}

/** Amounts along a route for an exact input; null when a hop gives nothing. */
export function forwardAmounts(
  route: string[],
  input: bigint,
  pool: PoolLookup,
  fee_bps: bigint,
): bigint[] | null {
  const amounts = [input];
  for (let i = 0; i + 1 < route.length; i++) {
    const reserves = pool(route[i] as string, route[i + 1] as string);
    const next = reserves ? amountOut(reserves, amounts[i] as bigint, fee_bps) : 0n;
    if (next <= 0n) return null;
    amounts.push(next);
  }
  return amounts;
}

/** Amounts along a route for an exact output; null when a pool cannot give it. */
export function backwardAmounts(
  route: string[],
  output: bigint,
  pool: PoolLookup,
  fee_bps: bigint,
): bigint[] | null {
  const amounts = [output];
  for (let i = route.length - 1; i > 0; i--) {
    const reserves = pool(route[i - 1] as string, route[i] as string);
    const before = reserves ? amountIn(reserves, amounts[0] as bigint, fee_bps) : null;
    if (before === null) return null;
    amounts.unshift(before);
  }
  return amounts;
}

/** The best route: the most out for an exact input, or the least in for an exact output. */
export function bestRoute(
  routes: string[][],
  exact: { in: bigint } | { out: bigint },
  pool: PoolLookup,
  fee_bps: bigint,
): RouteQuote | null {
  let best: RouteQuote | null = null;
  for (const route of routes) {
    const amounts =
      'in' in exact
        ? forwardAmounts(route, exact.in, pool, fee_bps)
        : backwardAmounts(route, exact.out, pool, fee_bps);
    if (!amounts) continue;
    const better =
      !best ||
      ('in' in exact
        ? (amounts.at(-1) as bigint) > (best.amounts.at(-1) as bigint)
        : (amounts[0] as bigint) < (best.amounts[0] as bigint));
    if (better) best = { route, amounts };
  }
  return best;
}

/**
 * Price impact in millionths: how much worse the trade's price is than the
 * pools' mid price, the fee left aside: 1 − out·Πx / (in·(1−f)^h·Πy), where
 * x and y are each hop's reserves in and out. One hop: a'/(x + a') with a'
 * the input after the fee (less the rounding of the output).
 */
export function priceImpactPpm(
  route: string[],
  amounts: bigint[],
  pool: PoolLookup,
  fee_bps: bigint,
): bigint {
  let numerator = amounts.at(-1) as bigint;
  let denominator = amounts[0] as bigint;
  for (let i = 0; i + 1 < route.length; i++) {
    const reserves = pool(route[i] as string, route[i + 1] as string);
    if (!reserves) return PPM;
    numerator *= reserves.in * BPS;
    denominator *= reserves.out * (BPS - fee_bps);
  }
  if (denominator === 0n) return PPM;
  const kept = (numerator * PPM) / denominator;
  return kept >= PPM ? 0n : PPM - kept;
}

/** The least the user accepts for `out` at a slippage tolerance in bps (rounded down). */
export function minimumReceived(out: bigint, slippage_bps: bigint): bigint {
  return (out * (BPS - slippage_bps)) / BPS;
}

/** The fees of a route in the input coin: what the input loses to (1 − f)^h, rounded up. */
export function feeInInput(input: bigint, hops: number, fee_bps: bigint): bigint {
  let kept = input * BPS ** BigInt(hops);
  let scale = 1n;
  for (let i = 0; i < hops; i++) {
    kept = (kept * (BPS - fee_bps)) / BPS;
    scale *= BPS;
  }
  return input - kept / scale;
}

/** Millionths as a decimal string ('0.012345'). */
export function ppmText(ppm: bigint): string {
  const whole = ppm / PPM;
  return `${whole}.${(ppm % PPM).toString().padStart(6, '0')}`;
}
