/** What the futures module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { MarketDataRepositories } from '../market-data';
import { FuturesRepository, type FuturesTables } from './futures-repository';

export interface FuturesRepositories {
  futures: FuturesRepository;
}

export const futuresRepositories: RepositoriesFactory<FuturesRepositories> = (db) => ({
  futures: new FuturesRepository(db.withTables<FuturesTables>()),
});

/** The repositories futures uses: the kernel's, its own, and the klines of market data. */
export type FuturesRepos = KernelRepositories & FuturesRepositories & MarketDataRepositories;
export type FuturesStore = Store<FuturesRepos>;

export { FUTURES_MIGRATIONS } from './futures-migrations';
