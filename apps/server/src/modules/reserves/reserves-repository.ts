/**
 * Reserves tables: snapshots and the nodes of their trees. It also reads
 * the one thing of the accounts' users it needs, each user's public uid.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface ReservesSnapshotTable {
  id: string;
  created_at: number;
  root: string;
  users: number;
  coins: string;
}

export interface ReservesNodeTable {
  snapshot_id: string;
  level: number;
  position: number;
  hash: string;
  balances: string;
  user_id: string | null;
  uid: string | null;
  nonce: string | null;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type ReservesTables = {
  reserves_snapshots: ReservesSnapshotTable;
  reserves_nodes: ReservesNodeTable;
  users: { id: string; user_id: string };
};

const CHUNK = 200;

export class ReservesRepository {
  constructor(private readonly db: Kysely<KernelTables & ReservesTables>) {}

  /** Row id -> public uid of every user. */
  async uids(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('users').select(['id', 'user_id']).execute();
    return new Map(rows.map((r) => [r.id, r.user_id]));
  }

  async insertSnapshot(row: ReservesSnapshotTable, nodes: ReservesNodeTable[]): Promise<void> {
    await this.db.insertInto('reserves_snapshots').values(row).execute();
    for (let i = 0; i < nodes.length; i += CHUNK) {
      await this.db
        .insertInto('reserves_nodes')
        .values(nodes.slice(i, i + CHUNK))
        .execute();
    }
  }

  async snapshots(
    offset: number,
    limit: number,
  ): Promise<{ total: number; rows: ReservesSnapshotTable[] }> {
    const counted = await this.db
      .selectFrom('reserves_snapshots')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('reserves_snapshots')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return {
      total: Number(counted?.n ?? 0),
      rows: rows.map((r) => ({ ...r, created_at: Number(r.created_at), users: Number(r.users) })),
    };
  }

  async snapshot(id: string): Promise<ReservesSnapshotTable | null> {
    const row = await this.db
      .selectFrom('reserves_snapshots')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { ...row, created_at: Number(row.created_at), users: Number(row.users) } : null;
  }

  async leafOf(snapshotId: string, userId: string): Promise<ReservesNodeTable | null> {
    const row = await this.db
      .selectFrom('reserves_nodes')
      .selectAll()
      .where('snapshot_id', '=', snapshotId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { ...row, level: Number(row.level), position: Number(row.position) } : null;
  }

  /** The nodes at (level, position) pairs of one snapshot. */
  async nodesAt(
    snapshotId: string,
    at: ReadonlyArray<{ level: number; position: number }>,
  ): Promise<ReservesNodeTable[]> {
    const out: ReservesNodeTable[] = [];
    for (const { level, position } of at) {
      const row = await this.db
        .selectFrom('reserves_nodes')
        .selectAll()
        .where('snapshot_id', '=', snapshotId)
        .where('level', '=', level)
        .where('position', '=', position)
        .executeTakeFirst();
      if (row) out.push({ ...row, level: Number(row.level), position: Number(row.position) });
    }
    return out;
  }

  async levelCount(snapshotId: string): Promise<number> {
    const row = await this.db
      .selectFrom('reserves_nodes')
      .select((eb) => eb.fn.max('level').as('level'))
      .where('snapshot_id', '=', snapshotId)
      .executeTakeFirst();
    return Number(row?.level ?? 0) + 1;
  }
}
