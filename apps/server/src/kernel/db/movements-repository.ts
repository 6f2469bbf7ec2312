/**
 * The journal read as movements: one account's entries in one coin summed
 * per reference (a fill's fee, a funding payment, a transfer), for the
 * futures bills and the protection fund's history. Filtered, counted and
 * paged by the database, so every movement is within reach however old.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { accountEntries } from './ledger-account-index';
import { countRows } from './queries';
import type { KernelTables } from './schema';

/** A rule that classes a movement: every condition it names must hold. */
export interface MovementRule {
  class: string;
  /** The kind of the reference's entries is one of these. */
  kinds?: readonly string[];
  /** The reference matches this SQL `like` pattern. */
  refLike?: string;
  /** The sum is positive (1) or negative (-1). */
  sign?: 1 | -1;
}

export interface MovementQuery {
  userId: string;
  coin: string;
  /** Only entries of these kinds. */
  kinds?: readonly string[] | null;
  /** Only references whose part after the first colon is this (`pnl:BTCUSDT_PERP:...`). */
  refPart?: string | null;
  /** The rules that class a movement, first match wins; null when none matches. */
  rules?: readonly MovementRule[];
  /** Only movements of this class. */
  class?: string | null;
  /** Epoch milliseconds of the movement's newest entry: from `begin` inclusive to `end` exclusive. */
  begin?: number | null;
  end?: number | null;
}

export interface MovementPage {
  order: 'newest' | 'oldest';
  offset?: number;
  limit: number;
}

export interface MovementSum {
  /** The time of the span's last movement. */
  time: number;
  amount: bigint;
}

export interface Movement {
  ref: string;
  /** The kind of its entries. */
  kind: string;
  /** The sum of its entries, minor units. */
  amount: bigint;
  time: number;
  class: string | null;
}

export class MovementsRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

  /** Movements that sum to zero are left out; each is timed by its newest entry and classed by the first rule it meets. */
  private movementsOf(q: MovementQuery) {
    const total = sql`sum(amount)`;
    const kind = sql`min(kind)`;
    const whens = (q.rules ?? []).map((rule) => {
      // A rule with no condition classes whatever reaches it.
      const terms = [sql`1 = 1`];
      if (rule.refLike !== undefined) terms.push(sql`ref like ${rule.refLike}`);
      if (rule.kinds) terms.push(sql`${kind} in (${sql.join(rule.kinds)})`);
      if (rule.sign !== undefined)
        terms.push(rule.sign > 0 ? sql`${total} > 0` : sql`${total} < 0`);
      return sql`when ${sql.join(terms, sql` and `)} then ${rule.class}`;
    });
    const classOf =
      whens.length > 0 ? sql<string | null>`case ${sql.join(whens, sql` `)} end` : sql<null>`null`;
    let grouped = this.db
      // Moves sum to zero per reference, so they would be left out anyway.
      .selectFrom(accountEntries(this.db, [q.userId], q.coin).as('j'))
      .select([
        'ref',
        kind.$castTo<string>().as('kind'),
        total.$castTo<string | number>().as('total'),
        sql<string | number>`max(created_at)`.as('time'),
        classOf.as('class'),
      ]);
    if (q.kinds) grouped = grouped.where('kind', 'in', q.kinds);
    if (q.refPart != null) {
      // The part after the first colon: the whole rest, or up to the next colon.
      const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
      const from = sql`${postgres ? sql`strpos(ref, ':')` : sql`instr(ref, ':')`} + 1`;
      grouped = grouped.where(
        sql<boolean>`(substr(ref, ${from}) = ${q.refPart} or substr(ref, ${from}, ${sql.lit(
          q.refPart.length + 1,
        )}) = ${`${q.refPart}:`})`,
      );
    }
    let query = this.db.selectFrom(grouped.groupBy('ref').having(total, '<>', 0).as('m'));
    if (q.class != null) query = query.where('m.class', '=', q.class);
    if (q.begin != null) query = query.where('m.time', '>=', q.begin);
    if (q.end != null) query = query.where('m.time', '<', q.end);
    return query;
  }

  async count(q: MovementQuery): Promise<number> {
    return countRows(this.movementsOf(q));
  }

  /** A page of movements, newest or oldest first (by time, then reference). */
  async page(q: MovementQuery, page: MovementPage): Promise<Movement[]> {
    const direction = page.order === 'newest' ? 'desc' : 'asc';
    const rows = await this.movementsOf(q)
      .select([
        'm.ref',
        'm.kind',
        sql<string>`cast(m.total as text)`.as('amount'),
        'm.time',
        'm.class',
      ])
      .orderBy('m.time', direction)
      .orderBy('m.ref', direction)
      .offset(page.offset ?? 0)
      .limit(page.limit)
      .execute();
    return rows.map((r) => ({
      ref: r.ref,
      kind: r.kind,
      amount: BigInt(r.amount),
      time: Number(r.time),
      class: r.class,
    }));
  }

  /**
   * The movements summed per span of time (an hour, from the epoch), oldest
   * first: each span's sum and the time of its last movement. Spans with no
   * movement are left out.
   */
  async sumsPerSpan(q: MovementQuery, span_ms: number): Promise<MovementSum[]> {
    const rows = await this.movementsOf(q)
      .select([
        sql<string | number>`max(m.time)`.as('time'),
        sql<string>`cast(sum(m.total) as text)`.as('amount'),
      ])
      // Times are positive integers: integer division is the span's number on both databases.
      .groupBy(sql`m.time / ${sql.lit(span_ms)}`)
      .orderBy(sql`max(m.time)`)
      .execute();
    return rows.map((r) => ({ time: Number(r.time), amount: BigInt(r.amount) }));
  }
}
