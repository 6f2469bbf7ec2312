/** What the public API brings to the store: a read of the kernel's balances (no tables of its own). */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { PublicApiRepository } from './public-api-repository';

export interface PublicApiRepositories {
  publicApi: PublicApiRepository;
}

export const publicApiRepositories: RepositoriesFactory<PublicApiRepositories> = (db) => ({
  publicApi: new PublicApiRepository(db),
});

export type PublicApiStore = Store<KernelRepositories & PublicApiRepositories>;
