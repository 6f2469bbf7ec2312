/**
 * Simulation (demo trading) mode, spec sections 2 and 4: on while the local
 * flag is set, off once it is cleared. The mode is read per page load: every
 * switch, here or in another tab, reloads or redirects the page, so caches,
 * the socket and the screens never mix the two ledgers. While on, every call
 * carries `x-simulated: 1` (the server then acts on the demo ledger) and the
 * realtime facade listens to the demo channels.
 */
import {
  DEMO_COIN_PREFIX,
  SIMULATED_HEADER,
  SIMULATED_HEADER_VALUE,
  WS_CHANNELS,
  FUTURES_CHANNELS,
  demoChannelOf,
} from '@quay/core';
import { addHeaderProvider } from '../request/client';
import {
  STORAGE_KEYS,
  onItemChange,
  readItem,
  removeItem,
  writeItem,
} from '../storage/local-store';
import { SIMULATION_LANDING, simulationRedirect, splitLanguage } from './simulation-routes';

export function isSimulationOn(): boolean {
  return readItem(STORAGE_KEYS.simulation) !== null;
}

/** Headers of a call in the current mode. */
export function simulationHeaders(): Record<string, string> {
  return isSimulationOn() ? { [SIMULATED_HEADER]: SIMULATED_HEADER_VALUE } : {};
}

/** Channels whose demo side has its own name; per-market channels go by the demo symbol already. */
const DEMO_NAMED: ReadonlySet<string> = new Set([
  WS_CHANNELS.orders,
  WS_CHANNELS.fills,
  WS_CHANNELS.balances,
  WS_CHANNELS.tickers,
  FUTURES_CHANNELS.tickers,
  FUTURES_CHANNELS.positions,
  FUTURES_CHANNELS.orders,
  FUTURES_CHANNELS.plans,
  FUTURES_CHANNELS.account,
]);

/** The channel to subscribe for `name` in the current mode. */
export function channelInMode(name: string, on = isSimulationOn()): string {
  return on && DEMO_NAMED.has(name) ? demoChannelOf(name) : name;
}

/** The spot demo landing page in the language of `pathname`. */
export function landingPath(pathname: string): string {
  const { lang } = splitLanguage(pathname);
  return `${lang ? `/${lang}` : ''}${SIMULATION_LANDING.spot}`;
}

/** What the page does: stay, go somewhere else (replacing this entry), or reload. */
export type PageAction = { kind: 'reload' } | { kind: 'redirect'; to: string };

/**
 * How a tab reacts when another tab changes the flag: cleared, it reloads
 * into real mode; set, it goes to the spot demo page when its path is not
 * allowed in simulation, else reloads in place into demo mode.
 */
export function reactionToFlag(value: string | null, pathname: string): PageAction {
  if (value === null) return { kind: 'reload' };
  const to = simulationRedirect(pathname);
  return to ? { kind: 'redirect', to } : { kind: 'reload' };
}

/** Switching here: on lands on the spot demo page, off reloads where the user is. */
export function switchAction(on: boolean, pathname: string): PageAction {
  return on ? { kind: 'redirect', to: landingPath(pathname) } : { kind: 'reload' };
}

export interface PageLocation {
  pathname: string;
  assign(url: string): void;
  replace(url: string): void;
  reload(): void;
}

function perform(action: PageAction, location: PageLocation, how: 'assign' | 'replace'): void {
  if (action.kind === 'reload') location.reload();
  else location[how](action.to);
}

/** Turns the mode on or off in this tab (other tabs follow through the storage event). */
export function setSimulation(on: boolean, location: PageLocation = window.location): void {
  if (on) writeItem(STORAGE_KEYS.simulation, '1');
  else removeItem(STORAGE_KEYS.simulation);
  perform(switchAction(on, location.pathname), location, 'assign');
}

/**
 * Installs the mode once at start: the header on every call, and the
 * reaction to another tab's switch. Returns how to undo both.
 */
export function installSimulationMode(location: PageLocation = window.location): () => void {
  const removeHeaders = addHeaderProvider(simulationHeaders);
  let current = isSimulationOn();
  const stopWatching = onItemChange(STORAGE_KEYS.simulation, (value) => {
    // Only a real change of mode moves the page (a rewrite of the same state does not).
    if ((value !== null) === current) return;
    current = value !== null;
    perform(reactionToFlag(value, location.pathname), location, 'replace');
  });
  return () => {
    removeHeaders();
    stopWatching();
  };
}

interface MarketNames {
  symbol: string;
  base: string;
  quote: string;
}

/** The real symbol a demo market stands for (`SBTCSUSDT` -> `BTCUSDT`); a real market's own symbol. */
export function pathSymbolOf(market: MarketNames): string {
  const p = DEMO_COIN_PREFIX;
  if (!market.base.startsWith(p) || !market.quote.startsWith(p)) return market.symbol;
  const real = `${market.base.slice(p.length)}${market.quote.slice(p.length)}`;
  return market.symbol === `${market.base}${market.quote}` ? real : market.symbol;
}

/**
 * The market a page path names: paths keep real symbols in simulation too
 * (`/spot/BTCUSDT` shows the demo market SBTCSUSDT); a demo symbol also works.
 */
export function marketOfPath<T extends MarketNames>(
  markets: readonly T[],
  symbol: string,
): T | undefined {
  return (
    markets.find((m) => m.symbol === symbol) ?? markets.find((m) => pathSymbolOf(m) === symbol)
  );
}
