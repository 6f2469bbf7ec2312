/** What the reserves module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { EarnRepositories } from '../earn';
import type { RedPacketsRepositories } from '../red-packets';
import { ReservesRepository, type ReservesTables } from './reserves-repository';

export interface ReservesRepositories {
  reserves: ReservesRepository;
}

export const reservesRepositories: RepositoriesFactory<ReservesRepositories> = (db) => ({
  reserves: new ReservesRepository(db.withTables<ReservesTables>()),
});

export type ReservesRepos = KernelRepositories &
  ReservesRepositories &
  EarnRepositories &
  RedPacketsRepositories;
export type ReservesStore = Store<ReservesRepos>;

export { RESERVES_MIGRATIONS } from './reserves-migrations';
