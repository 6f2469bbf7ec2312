/** What the market-data module brings to the store: its repository over its own table. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { SpotRepositories } from '../spot';
import { KlinesRepository, type MarketDataTables } from './klines-repository';

export interface MarketDataRepositories {
  klines: KlinesRepository;
}

export const marketDataRepositories: RepositoriesFactory<MarketDataRepositories> = (db) => ({
  klines: new KlinesRepository(db.withTables<MarketDataTables>()),
});

/** Market data reads its klines and the spot fills (the trades of each market). */
export type MarketDataStore = Store<KernelRepositories & MarketDataRepositories & SpotRepositories>;

export { MARKET_DATA_MIGRATIONS } from './market-data-migrations';
