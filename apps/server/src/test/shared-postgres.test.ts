/**
 * The store's PostgreSQL introspection sees its own schema alone, so a store
 * migrates while other stores' schemas come and go on the same server (the
 * suites run side by side, one schema each).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store';
import { WorkingSchemaPostgresDialect } from '../kernel/db/working-schema-dialect';

const DATABASE_URL = process.env.DATABASE_URL;
const tag = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const mine = `t_${tag}_mine`;
const other = `t_${tag}_other`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!DATABASE_URL)('the store on a shared PostgreSQL', () => {
  let db: Kysely<unknown>;

  beforeAll(async () => {
    await admin(
      `create schema ${mine}; create table ${mine}.accounts (id bigint primary key, name text)`,
    );
    await admin(`create schema ${other}; create table ${other}.foreign_table (id int)`);
    db = new Kysely<unknown>({
      dialect: new WorkingSchemaPostgresDialect({
        pool: new pg.Pool({ connectionString: DATABASE_URL, max: 1 }),
        onCreateConnection: (conn) =>
          conn.executeQuery(CompiledQuery.raw(`set search_path to ${mine}`)).then(() => undefined),
      }),
    });
  });

  afterAll(async () => {
    await db?.destroy();
    await admin(`drop schema if exists ${mine} cascade; drop schema if exists ${other} cascade`);
  });

  it('introspects the working schema alone, with its columns', async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${mine}.accounts`]);
    expect(tables[0]?.columns.map((c) => [c.name, c.dataType, c.isNullable])).toEqual([
      ['id', 'int8', false],
      ['name', 'text', true],
    ]);
    expect(await db.introspection.getSchemas()).toEqual([{ name: mine }]);
    const current = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    expect(current.rows[0]?.s).toBe(mine);
  });

  it('migrates a new store while other schemas are created and dropped beside it', async () => {
    // Two connections that each create a schema with a table, commit, then drop it.
    let churning = true;
    const churner = async (n: number) => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        for (let i = 0; churning; i += 1) {
          const name = `t_${tag}_churn${n}_${i}`;
          await client.query(`create schema ${name}`);
          await client.query(`create table ${name}.t (id int)`);
          await client.query(`drop schema ${name} cascade`);
        }
      } finally {
        await client.end();
      }
    };
    const churn = Promise.all([churner(0), churner(1)]);
    try {
      for (let round = 0; round < 6; round += 1) {
        const schema = `t_${tag}_store${round}`;
        const url = new URL(DATABASE_URL as string);
        url.searchParams.set('schema', schema);
        try {
          const store = await openStore({
            dataDir: mkdtempSync(join(tmpdir(), 'quay-schema-')),
            databaseUrl: url.toString(),
          });
          await store.close();
        } finally {
          await admin(`drop schema if exists ${schema} cascade`);
        }
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
