import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CspReportsTable, KernelTables, GatewayKeysTable } from './schema';

export type GatewayKeyRow = Selectable<GatewayKeysTable>;

/** Registered client keys of the gateway and the security reports browsers send. */
export class GatewayRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

  keyById(keyId: string): Promise<GatewayKeyRow | undefined> {
    return this.db
      .selectFrom('gateway_keys')
      .selectAll()
      .where('key_id', '=', keyId)
      .executeTakeFirst();
  }

  /** A key registered again (same id, so the same public key) keeps its row. */
  async insertKey(row: Insertable<GatewayKeysTable>): Promise<void> {
    await this.db
      .insertInto('gateway_keys')
      .values(row)
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
  }

  async bindKey(keyId: string, userId: string, at: number): Promise<void> {
    await this.db
      .updateTable('gateway_keys')
      .set({ user_id: userId, bound_at: at })
      .where('key_id', '=', keyId)
      .execute();
  }

  /** Drops keys registered before `before` that no user ever bound (abandoned anonymous tabs). */
  async deleteUnboundBefore(before: number): Promise<void> {
    await this.db
      .deleteFrom('gateway_keys')
      .where('user_id', 'is', null)
      .where('created_at', '<', before)
      .execute();
  }

  async insertCspReport(row: Insertable<CspReportsTable>): Promise<void> {
    await this.db.insertInto('csp_reports').values(row).execute();
  }

  countCspReports(): Promise<number> {
    return this.db
      .selectFrom('csp_reports')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }
}
