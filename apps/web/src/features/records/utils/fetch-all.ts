import type { Page } from '@quay/core';

/** An export reads at most this many rows (and says so when there were more). */
export const EXPORT_MAX_ROWS = 5_000;
/** The most the history routes give in one page. */
export const EXPORT_PAGE_SIZE = 50;

/**
 * Every row the filter shows, page by page, up to a limit: the export holds
 * what the filter shows, not only the page on screen.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  maxRows = EXPORT_MAX_ROWS,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  const maxPages = Math.ceil(maxRows / pageSize);
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await fetchPage(page, pageSize);
    items.push(...answer.items);
    if (answer.items.length < pageSize || items.length >= answer.total) {
      return { items: items.slice(0, maxRows), truncated: items.length > maxRows };
    }
  }
  return { items: items.slice(0, maxRows), truncated: true };
}
