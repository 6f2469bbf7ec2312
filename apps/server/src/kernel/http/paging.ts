/**
 * Paging of every listed route, one way: `pageNo` (1 to 9999) and
 * `pageSize` (1 to 50, 20 when absent) in the query string, and a
 * `Page<T>` (`items`, `total`, `pageNo`, `pageSize`) in the answer. The
 * repositories take the offset and limit it gives, so a page is read from
 * the store, never cut from a list in memory.
 */
import type { Page } from '@quay/core';
import { commonQuery } from './schemas';

export const PAGE_SIZE_DEFAULT = 20;
/** At most 50 entries a page. */
export const PAGE_SIZE_MAX = 50;

/** The paging fields of a query string (strings, no coercion). */
export const pagingFields = {
  pageNo: { type: 'string', pattern: '^[1-9][0-9]{0,3}$', maxLength: 4 },
  pageSize: { type: 'string', pattern: '^([1-9]|[1-4][0-9]|50)$', maxLength: 2 },
} as const;

/** commonQuery plus pageNo and pageSize. */
export const pagedQuery = {
  ...commonQuery,
  properties: { ...commonQuery.properties, ...pagingFields },
} as const;

/** A paged route's query string: commonQuery, the paging fields, the route's own filters. */
export function pagedQueryWith(properties: Record<string, object>, required: string[] = []) {
  return {
    ...pagedQuery,
    ...(required.length > 0 ? { required } : {}),
    properties: { ...pagedQuery.properties, ...properties },
  } as const;
}

/** The paging fields as they arrive. */
export interface PagingQuery {
  pageNo?: string | undefined;
  pageSize?: string | undefined;
}

/** One page of a listing: what the answer names and what the repository reads. */
export interface Paging {
  pageNo: number;
  pageSize: number;
  offset: number;
  limit: number;
}

/** The page a query asks for; out-of-range values (only possible past the schema) are brought in range. */
export function pagingOf(query: PagingQuery): Paging {
  const pageNo = Math.max(1, Math.trunc(Number(query.pageNo ?? '1')) || 1);
  const pageSize = Math.min(
    PAGE_SIZE_MAX,
    Math.max(1, Math.trunc(Number(query.pageSize ?? PAGE_SIZE_DEFAULT)) || PAGE_SIZE_DEFAULT),
  );
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize, limit: pageSize };
}

/** The answer of a paged route. */
export function pageAnswer<T>(paging: Paging, total: number, items: T[]): Page<T> {
  return { items, total, pageNo: paging.pageNo, pageSize: paging.pageSize };
}

/** The response schema of a page of items of the given schema. */
export function pageOf(item: object) {
  return {
    type: 'object',
    required: ['items', 'total', 'pageNo', 'pageSize'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      pageNo: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  } as const;
}
