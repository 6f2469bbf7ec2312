import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountsDatabase, VerifyCodesTable } from './accounts-tables';

export type VerifyCodeRow = Selectable<VerifyCodesTable>;

export class VerifyCodesRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  async insert(row: Insertable<VerifyCodesTable>): Promise<void> {
    await this.db.insertInto('verify_codes').values(row).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('verify_codes').where('id', '=', id).execute();
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

  /**
   * Marks a code consumed if it is still unconsumed and under `maxAttempts`;
   * false when a parallel request got there first.
   */
  async consume(id: string, at: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verify_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
