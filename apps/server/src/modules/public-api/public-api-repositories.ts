/** What the public API brings to the store: a read of the kernel's balances (no tables of its own). */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { SpotRepositories } from '../spot';
import { PublicApiRepository } from './public-api-repository';

export interface PublicApiRepositories {
  publicApi: PublicApiRepository;
}

export const publicApiRepositories: RepositoriesFactory<PublicApiRepositories> = (db) => ({
  publicApi: new PublicApiRepository(db),
});

/** The public API reads spot orders (by id, by client id) and their fills through the spot repository. */
export type PublicApiStore = Store<KernelRepositories & PublicApiRepositories & SpotRepositories>;
