/**
 * What several processes share about the single writer: its lease (epoch and
 * commit sequence), the answers of commands it has executed, and the events
 * of its commits. Every write here runs in the writer's commit transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { KernelTables } from './schema';

export class ClusterRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

  /** A new holder takes the lease: the epoch moves on, which fences the one before. */
  async takeLease(name: string, at: number): Promise<{ epoch: number; seq: number }> {
    await this.db
      .insertInto('writer_leases')
      .values({ name, epoch: 1, seq: 0, taken_at: at })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ epoch: sql`writer_leases.epoch + 1`, taken_at: at }),
      )
      .execute();
    return this.db
      .selectFrom('writer_leases')
      .select(['epoch', 'seq'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  /**
   * The next commit sequence of the lease held at `epoch`; null when another
   * holder has taken the lease since (then this writer must not commit).
   */
  async nextSeq(name: string, epoch: number): Promise<number | null> {
    const row = await this.db
      .updateTable('writer_leases')
      .set({ seq: sql`seq + 1` })
      .where('name', '=', name)
      .where('epoch', '=', epoch)
      .returning('seq')
      .executeTakeFirst();
    return row ? Number(row.seq) : null;
  }

  async recordExecuted(rows: Array<{ id: string; answer: string }>, at: number): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('executed_commands')
      .values(rows.map((r) => ({ ...r, created_at: at })))
      .execute();
  }

  async executed(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('executed_commands')
      .select('answer')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.answer ?? null;
  }

  /** Remembers `id` until `forgetAt`; false when it is remembered already (a replay). */
  async mark(id: string, forgetAt: number, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('replay_marks')
      .values({ id, forget_at: forgetAt })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ forget_at: forgetAt })
          .where('replay_marks.forget_at', '<', now),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async forgetMarks(now: number): Promise<void> {
    await this.db.deleteFrom('replay_marks').where('forget_at', '<', now).execute();
  }

  async addEvent(name: string, seq: number, payload: string): Promise<void> {
    await this.db.insertInto('writer_events').values({ name, seq, payload }).execute();
  }

  /** The events from `seq` on, oldest first. */
  eventsFrom(name: string, seq: number): Promise<Array<{ seq: number; payload: string }>> {
    return this.db
      .selectFrom('writer_events')
      .select(['seq', 'payload'])
      .where('name', '=', name)
      .where('seq', '>=', seq)
      .orderBy('seq')
      .execute();
  }

  /** Forgets events before `seq` and answers older than `before` (ms). */
  async prune(name: string, seq: number, before: number): Promise<void> {
    await this.db
      .deleteFrom('writer_events')
      .where('name', '=', name)
      .where('seq', '<', seq)
      .execute();
    await this.db.deleteFrom('executed_commands').where('created_at', '<', before).execute();
  }
}
