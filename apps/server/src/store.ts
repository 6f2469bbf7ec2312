/**
 * The app's store: the kernel's store with every module's repositories and
 * migrations. Add a product line's repositories and migrations here when it
 * has any; the kernel adds its own, refuses a migration name given twice and
 * applies them all in name order. Each module's store entry is its
 * `<line>-repositories.ts`, not its index: the operator's command line opens
 * the store without loading the modules' routes and engine hosts.
 */
import { openStore as openKernelStore, type Store, type StoreOptions } from './kernel/db/db';
import type { Migrations } from './kernel/db/migrations';
import type { KernelRepositories } from './kernel/db/repositories';
import {
  ACCOUNTS_MIGRATIONS,
  accountsRepositories,
  type AccountsRepositories,
} from './modules/accounts/accounts-repositories';
import {
  API_KEYS_MIGRATIONS,
  apiKeysRepositories,
  type ApiKeysRepositories,
} from './modules/api-keys/api-keys-repositories';
import {
  CONTENT_MIGRATIONS,
  contentRepositories,
  type ContentRepositories,
} from './modules/content/content-repositories';
import {
  EARN_MIGRATIONS,
  earnRepositories,
  type EarnRepositories,
} from './modules/earn/earn-repositories';
import {
  FEES_MIGRATIONS,
  feesRepositories,
  type FeesRepositories,
} from './modules/fees/fees-repositories';
import {
  FUTURES_MIGRATIONS,
  futuresRepositories,
  type FuturesRepositories,
} from './modules/futures/futures-repositories';
import {
  MARGIN_MIGRATIONS,
  marginRepositories,
  type MarginRepositories,
} from './modules/margin/margin-repositories';
import {
  MARKET_DATA_MIGRATIONS,
  marketDataRepositories,
  type MarketDataRepositories,
} from './modules/market-data/market-data-repositories';
import {
  P2P_MIGRATIONS,
  p2pRepositories,
  type P2pRepositories,
} from './modules/p2p/p2p-repositories';
import {
  publicApiRepositories,
  type PublicApiRepositories,
} from './modules/public-api/public-api-repositories';
import {
  COPY_TRADING_MIGRATIONS,
  copyTradingRepositories,
  type CopyTradingRepositories,
} from './modules/copy-trading/copy-trading-repositories';
import {
  RED_PACKETS_MIGRATIONS,
  redPacketsRepositories,
  type RedPacketsRepositories,
} from './modules/red-packets/red-packets-repositories';
import {
  RESERVES_MIGRATIONS,
  reservesRepositories,
  type ReservesRepositories,
} from './modules/reserves/reserves-repositories';
import {
  SIMULATION_MIGRATIONS,
  simulationRepositories,
  type SimulationRepositories,
} from './modules/simulation/simulation-repositories';
import {
  SPOT_MIGRATIONS,
  spotRepositories,
  type SpotRepositories,
} from './modules/spot/spot-repositories';
import {
  SUB_ACCOUNTS_MIGRATIONS,
  subAccountsRepositories,
  type SubAccountsRepositories,
} from './modules/sub-accounts/sub-accounts-repositories';
import {
  SWAP_MIGRATIONS,
  swapRepositories,
  type SwapRepositories,
} from './modules/swap/swap-repositories';

/** The modules' repositories; the kernel's are added by the store. */
type ModuleRepositories = AccountsRepositories &
  ContentRepositories &
  SpotRepositories &
  MarketDataRepositories &
  FuturesRepositories &
  MarginRepositories &
  SimulationRepositories &
  ApiKeysRepositories &
  PublicApiRepositories &
  FeesRepositories &
  SubAccountsRepositories &
  SwapRepositories &
  RedPacketsRepositories &
  CopyTradingRepositories &
  P2pRepositories &
  EarnRepositories &
  ReservesRepositories;

/** Every repository, bound to one connection or one transaction. */
export type Repositories = KernelRepositories & ModuleRepositories;

export type AppStore = Store<Repositories>;

/** The modules' migrations; the kernel's (0001, 0004, 0006) are its own. */
export const MODULE_MIGRATIONS: readonly Migrations[] = [
  ACCOUNTS_MIGRATIONS,
  CONTENT_MIGRATIONS,
  SPOT_MIGRATIONS,
  MARKET_DATA_MIGRATIONS,
  SIMULATION_MIGRATIONS,
  FUTURES_MIGRATIONS,
  API_KEYS_MIGRATIONS,
  FEES_MIGRATIONS,
  MARGIN_MIGRATIONS,
  SUB_ACCOUNTS_MIGRATIONS,
  SWAP_MIGRATIONS,
  RED_PACKETS_MIGRATIONS,
  COPY_TRADING_MIGRATIONS,
  P2P_MIGRATIONS,
  EARN_MIGRATIONS,
  RESERVES_MIGRATIONS,
];

export function openStore(options: StoreOptions): Promise<AppStore> {
  return openKernelStore<ModuleRepositories>(options, {
    migrations: MODULE_MIGRATIONS,
    repositories: (db, sqlite) => ({
      ...accountsRepositories(db, sqlite),
      ...contentRepositories(db, sqlite),
      ...spotRepositories(db, sqlite),
      ...marketDataRepositories(db, sqlite),
      ...futuresRepositories(db, sqlite),
      ...marginRepositories(db, sqlite),
      ...simulationRepositories(db, sqlite),
      ...apiKeysRepositories(db, sqlite),
      ...publicApiRepositories(db, sqlite),
      ...feesRepositories(db, sqlite),
      ...subAccountsRepositories(db, sqlite),
      ...swapRepositories(db, sqlite),
      ...redPacketsRepositories(db, sqlite),
      ...copyTradingRepositories(db, sqlite),
      ...p2pRepositories(db, sqlite),
      ...earnRepositories(db, sqlite),
      ...reservesRepositories(db, sqlite),
    }),
  });
}
