/**
 * Named ledger jobs. A module registers, when its service is built, a
 * factory under a stable name (`swap.execute`) that makes the job from plain
 * arguments (strings, numbers, booleans, bigints, arrays and objects of
 * them); a caller sends `{ kind: 'job', name, args }` and is answered the
 * job's result, as plain. The command travels like any other: on ROLE=all it
 * runs in this process's host, from a gateway (ROLE=gateway) on the
 * engine's, through the same path (the registry of the process that runs it
 * makes the job inside the batch).
 */
import { appError } from '../../../kernel/app-error';
import type { LedgerJob } from './spot-commands';

/** A job's name, with the types of its arguments and result (for the caller and the factory). */
export interface NamedJob<A, R> {
  readonly name: string;
  /** Never set: it carries the types. */
  readonly types?: { args: A; result: R };
}

export function namedJob<A, R = void>(name: string): NamedJob<A, R> {
  return { name };
}

type Factory = (args: unknown) => LedgerJob;

export class LedgerJobRegistry {
  private readonly factories = new Map<string, Factory>();

  register<A, R>(job: NamedJob<A, R>, factory: (args: A) => LedgerJob<R>): void {
    if (this.factories.has(job.name)) throw new Error(`ledger job ${job.name} registered twice`);
    this.factories.set(job.name, factory as Factory);
  }

  /**
   * The job a command names, made from its arguments; a factory may refuse
   * them (an AppError). A name not registered here (a gateway of another
   * release) is refused CLUSTER_NOT_REMOTE.
   */
  make(name: string, args: unknown): LedgerJob {
    const factory = this.factories.get(name);
    if (!factory) throw appError('CLUSTER_NOT_REMOTE');
    return factory(args);
  }
}
