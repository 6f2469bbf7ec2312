/**
 * Red packet tables: the packets (what each holds and still has to give)
 * and their claims, one per user per packet. Money is integer minor units
 * in text.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface RedPacketTable {
  id: string;
  code: string;
  user_id: string;
  coin: string;
  amount: string;
  count: number;
  split: string;
  password_hash: string | null;
  greeting: string;
  remaining: string;
  claimed_count: number;
  refunded: string;
  status: string;
  expires_at: number;
  created_at: number;
}

export interface RedPacketClaimTable {
  packet_id: string;
  user_id: string;
  amount: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type RedPacketTables = {
  red_packets: RedPacketTable;
  red_packet_claims: RedPacketClaimTable;
};

export type RedPacketRow = RedPacketTable;
export type RedPacketClaimRow = RedPacketClaimTable;

/** A claim with its packet's code, coin and greeting, as the claimer's history shows it. */
export interface ReceivedRow extends RedPacketClaimRow {
  code: string;
  coin: string;
  greeting: string;
}

function packetOf(row: RedPacketRow): RedPacketRow {
  return {
    ...row,
    count: Number(row.count),
    claimed_count: Number(row.claimed_count),
    expires_at: Number(row.expires_at),
    created_at: Number(row.created_at),
  };
}

export class RedPacketsRepository {
  constructor(private readonly db: Kysely<KernelTables & RedPacketTables>) {}

  async insert(row: RedPacketRow): Promise<void> {
    await this.db.insertInto('red_packets').values(row).execute();
  }

  async byCode(code: string): Promise<RedPacketRow | undefined> {
    const row = await this.db
      .selectFrom('red_packets')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row && packetOf(row);
  }

  async byId(id: string): Promise<RedPacketRow | undefined> {
    const row = await this.db
      .selectFrom('red_packets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && packetOf(row);
  }

  /** What a packet still has after a claim or a refund. */
  async update(
    row: Pick<RedPacketRow, 'id' | 'remaining' | 'claimed_count' | 'refunded' | 'status'>,
  ): Promise<void> {
    await this.db
      .updateTable('red_packets')
      .set({
        remaining: row.remaining,
        claimed_count: row.claimed_count,
        refunded: row.refunded,
        status: row.status,
      })
      .where('id', '=', row.id)
      .execute();
  }

  async insertClaim(row: RedPacketClaimRow): Promise<void> {
    await this.db.insertInto('red_packet_claims').values(row).execute();
  }

  async claimOf(packetId: string, userId: string): Promise<RedPacketClaimRow | undefined> {
    return this.db
      .selectFrom('red_packet_claims')
      .selectAll()
      .where('packet_id', '=', packetId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** What every open packet still holds in escrow, by creator and coin (what is owed back to them). */
  async openRemaining(): Promise<Array<{ user_id: string; coin: string; remaining: string }>> {
    return this.db
      .selectFrom('red_packets')
      .select(['user_id', 'coin', 'remaining'])
      .where('status', '=', 'open')
      .execute();
  }

  /** Open packets whose time has run out. */
  async dueIds(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('red_packets')
      .select('id')
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async countSent(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('red_packets')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.count<string | number>('id').as('packets'))
      .executeTakeFirst();
    return Number(row?.packets ?? 0);
  }

  async sent(userId: string, offset: number, limit: number): Promise<RedPacketRow[]> {
    const rows = await this.db
      .selectFrom('red_packets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(packetOf);
  }

  async countReceived(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('red_packet_claims')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.count<string | number>('packet_id').as('claims'))
      .executeTakeFirst();
    return Number(row?.claims ?? 0);
  }

  async received(userId: string, offset: number, limit: number): Promise<ReceivedRow[]> {
    const rows = await this.db
      .selectFrom('red_packet_claims as c')
      .innerJoin('red_packets as p', 'p.id', 'c.packet_id')
      .select([
        'c.packet_id',
        'c.user_id',
        'c.amount',
        'c.created_at',
        'p.code',
        'p.coin',
        'p.greeting',
      ])
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.packet_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }
}
