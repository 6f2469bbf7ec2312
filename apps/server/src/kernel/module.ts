/**
 * A product line of the exchange is a module: one folder under `modules/`
 * with one public `index.ts`, and one entry in `src/modules.ts`. The app
 * builds the services once (`src/services.ts`), then registers every module
 * in that list's order: its routes (each with request and response schemas),
 * its WebSocket channels, and what it runs while the app runs. A module's
 * `onClose` hooks run before those of the modules registered before it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Store } from './db/db';
import type { KernelRepositories } from './db/repositories';
import type { ChannelHub } from './http/ws-routes';

/** `R`: the repositories the module reads (the kernel's, its own and those of the modules it uses). */
export interface ModuleContext<S, R extends KernelRepositories = KernelRepositories> {
  app: FastifyInstance;
  config: AppConfig;
  store: Store<R>;
  channels: ChannelHub;
  /** What the module uses of the app's services: a structural slice, named by the module. */
  services: S;
}

/**
 * Whether this process runs the single writers and the schedules that move
 * money (ROLE=all or engine); a gateway (ROLE=gateway) serves requests only.
 */
export function runsWriters(config: AppConfig): boolean {
  return config.cluster.role !== 'gateway';
}

export interface QuayModule<S, R extends KernelRepositories = KernelRepositories> {
  /** The folder's name under `modules/`. */
  readonly name: string;
  register(context: ModuleContext<S, R>): void | Promise<void>;
}
