import type { Insertable, Kysely, Selectable } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface AnnouncementsTable {
  id: string;
  title: string;
  /** Stored as given: the web app sanitises it where it is shown. */
  body_html: string;
  /** Path under /static (banners/x.svg), or null. */
  banner_path: string | null;
  published_at: number;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type ContentTables = {
  announcements: AnnouncementsTable;
};

type ContentDatabase = KernelTables & ContentTables;

export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** The only code that reads and writes announcements. */
export class AnnouncementsRepository {
  constructor(private readonly db: Kysely<ContentDatabase>) {}

  async insert(row: Insertable<AnnouncementsTable>): Promise<void> {
    await this.db.insertInto('announcements').values(row).execute();
  }

  /** Inserts unless an announcement with the same id exists. */
  async insertIfAbsent(row: Insertable<AnnouncementsTable>): Promise<void> {
    await this.db
      .insertInto('announcements')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  byId(id: string): Promise<AnnouncementRow | undefined> {
    return this.db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of `ids` exist. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('announcements')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first, without bodies. */
  page(offset: number, limit: number): Promise<Omit<AnnouncementRow, 'body_html'>[]> {
    return this.db
      .selectFrom('announcements')
      .select(['id', 'title', 'banner_path', 'published_at', 'created_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}
