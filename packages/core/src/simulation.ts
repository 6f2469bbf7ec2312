/**
 * Simulation (demo trading) on the wire: the header that asks for the demo
 * ledger, the S-prefixed demo coins and the private channel names of the demo
 * side (the demo twin of each market is in simulation-markets.ts). Defined
 * once here; the server keeps the demo ledger, the web client sends the
 * header and names the channels.
 */

/** The request header of simulation mode; its one accepted value is `SIMULATED_HEADER_VALUE`. */
export const SIMULATED_HEADER = 'x-simulated';
export const SIMULATED_HEADER_VALUE = '1';

/** What a demo user is given on the first simulated call and after each reset, in the demo quote coin. */
export const DEMO_GRANT = { coin: 'SUSDT', amount: '50000' } as const;

export const DEMO_COIN_PREFIX = 'S';

export const SIMULATION_PATHS = {
  /** Cancels the caller's demo orders, empties the demo ledger and grants DEMO_GRANT again; answers the demo balances. */
  reset: '/v1/simulation/reset',
} as const;

/** The demo twin of a coin: `USDT` -> `SUSDT`. */
export function demoCoinOf(coin: string): string {
  return `${DEMO_COIN_PREFIX}${coin}`;
}

/**
 * The name of a coin's demo twin: `Tether` -> `Demo Tether`. Coin names are
 * the server's, in English whatever the caller's language, and so is this.
 */
export function demoCoinNameOf(name: string): string {
  return `Demo ${name}`;
}

/**
 * Private channels of the demo side: a client in simulation mode subscribes
 * `orders:demo`, `fills:demo`, `balances:demo`; the plain names carry the
 * real side only. Public channels of demo markets go by the demo symbol
 * (`depth:SBTCSUSDT`), and `tickers:demo` lists the demo markets' tickers.
 */
export const DEMO_CHANNEL_SUFFIX = ':demo';

export function demoChannelOf(channel: string): string {
  return `${channel}${DEMO_CHANNEL_SUFFIX}`;
}
