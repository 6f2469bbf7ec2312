/** What the copy trading module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { CopyTradingRepository, type CopyTradingTables } from './copy-trading-repository';

export interface CopyTradingRepositories {
  copyTrading: CopyTradingRepository;
}

export const copyTradingRepositories: RepositoriesFactory<CopyTradingRepositories> = (db) => ({
  copyTrading: new CopyTradingRepository(db.withTables<CopyTradingTables>()),
});

export type CopyTradingRepos = KernelRepositories & CopyTradingRepositories;
export type CopyTradingStore = Store<CopyTradingRepos>;

export { COPY_TRADING_MIGRATIONS } from './copy-trading-migrations';
