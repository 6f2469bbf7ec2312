/**
 * PostgreSQL as the store uses it: Kysely's dialect, whose introspection
 * (what the migrator reads to find its own tables) sees only the schema the
 * connection works in.
 *
 * Kysely's own introspector reads every schema's tables and checks the
 * privilege on each schema by name; on a PostgreSQL shared by several stores
 * (one schema each, as the suites run side by side), a schema dropped while
 * that query runs fails it with "schema … does not exist", and another
 * store's migration fails with it. This one reads the catalogue of the
 * working schema alone, by `current_schema()`, and calls no function on
 * another schema's name.
 */
import {
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

class WorkingSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((r) => r.name !== null).map((r) => ({ name: r.name }));
  }

  /** The working schema's tables and views, with their columns' names and types. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      schema: string;
      kind: string;
      column: string | null;
      type: string | null;
      notNull: boolean | null;
      hasDefault: boolean | null;
    }>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as "kind",
             a.attname as "column", t.typname as "type",
             a.attnotnull as "notNull", a.atthasdef as "hasDefault"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a
        on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: !row.notNull,
        hasDefaultValue: Boolean(row.hasDefault),
        isAutoIncrementing: false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class WorkingSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new WorkingSchemaIntrospector(db);
  }
}
