/**
 * The single writer's lease on PostgreSQL: an advisory lock held by a
 * connection of its own. A standby waits for the lock; PostgreSQL frees it
 * the moment the holder's connection ends (process killed, machine gone).
 * The lock decides who may write; the epoch in `writer_leases`, bumped by
 * each new holder and checked by every commit, fences a writer that lost it.
 */
import pg from 'pg';
import { parsePostgresUrl } from './db';

export interface WriterLeaseOptions {
  databaseUrl: string;
  /** The lease's name (the lock is per name and schema). */
  name: string;
  /** How often a standby tries the lock. */
  poll_ms: number;
  /** The lease's connection failed: this process is no longer the writer. */
  onLost: (err: unknown) => void;
}

export class WriterLease {
  private client: pg.Client | null = null;
  private stopped = false;

  constructor(private readonly options: WriterLeaseOptions) {}

  /** Resolves once this process holds the lock; `stop()` makes it reject. */
  async acquire(): Promise<void> {
    const { connectionString, schema } = parsePostgresUrl(this.options.databaseUrl);
    const client = new pg.Client({ connectionString, application_name: 'quay-lease' });
    await client.connect();
    this.client = client;
    client.on('error', (err) => {
      if (!this.stopped) this.options.onLost(err);
    });
    const key = `${schema ?? 'public'}:${this.options.name}`;
    for (;;) {
      if (this.stopped) throw new Error('the lease was given up before it was taken');
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as ok',
        [key],
      );
      if (rows[0]?.ok) return;
      await new Promise((r) => setTimeout(r, this.options.poll_ms));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
