import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, VerifyCodesTable } from './schema';

export type VerifyCodeRow = Selectable<VerifyCodesTable>;

export class VerifyCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<VerifyCodesTable>): Promise<void> {
    await this.db.insertInto('verify_codes').values(row).execute();
  }

  /** The newest code for a target and purpose. */
  latest(target: string, purpose: string): Promise<VerifyCodeRow | undefined> {
    return this.db
      .selectFrom('verify_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async addAttempt(id: string): Promise<void> {
    await this.db
      .updateTable('verify_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Consumes a code once; false when another request consumed it first. */
  async consume(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verify_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('verify_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
