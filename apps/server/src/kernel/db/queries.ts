/** Query pieces the repositories' lists share. */
import { sql, type SelectQueryBuilder } from 'kysely';

/** How many rows a filtered query selects. */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select(sql<string | number>`count(*)`.as('n'))
    .$castTo<{ n: string | number }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows created within a time range (epoch ms, both ends included; null leaves that end open). */
export function createdWithin<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  range: { begin: number | null; end: number | null },
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref<number>('created_at');
  let within = query;
  if (range.begin !== null) within = within.where(createdAt, '>=', range.begin);
  if (range.end !== null) within = within.where(createdAt, '<=', range.end);
  return within;
}
