import type { Page } from '@quay/core';

/** A list answer: a page of items, or (routes that list everything) a plain array. */
export type ListAnswer<T> = Page<T> | T[] | { items: T[]; total?: number } | null;

/**
 * The answer as one page: a server page as it is; a plain array paged here
 * (newest first as the server sent it), so every tab pages the same way.
 */
export function pageOf<T>(answer: ListAnswer<T>, pageNo: number, pageSize: number): Page<T> {
  if (!answer) return { items: [], total: 0, pageNo, pageSize };
  if (Array.isArray(answer)) {
    const start = (pageNo - 1) * pageSize;
    return { items: answer.slice(start, start + pageSize), total: answer.length, pageNo, pageSize };
  }
  return {
    items: answer.items,
    total: answer.total ?? answer.items.length,
    pageNo,
    pageSize,
  };
}

/** Every item of a list answer. */
export function itemsOf<T>(answer: ListAnswer<T>): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.items;
}
