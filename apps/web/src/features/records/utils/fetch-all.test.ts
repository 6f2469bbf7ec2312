import type { Page } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './fetch-all';

function source(total: number) {
  const asked: number[] = [];
  const fetchPage = (page: number, pageSize: number): Promise<Page<number>> => {
    asked.push(page);
    const start = (page - 1) * pageSize;
    const items = Array.from(
      { length: Math.max(0, Math.min(pageSize, total - start)) },
      (_, i) => start + i,
    );
    return Promise.resolve({ items, total, pageNo: page, pageSize });
  };
  return { asked, fetchPage };
}

describe('fetchAllPages', () => {
  it('reads every page of the filter, in order, and stops at the last', async () => {
    const { asked, fetchPage } = source(250);
    const { items, truncated } = await fetchAllPages(fetchPage, 5_000, 100);
    expect(items).toHaveLength(250);
    expect(items[249]).toBe(249);
    expect(asked).toEqual([1, 2, 3]);
    expect(truncated).toBe(false);
  });

  it('asks once for an empty result and once for an exact page', async () => {
    expect((await fetchAllPages(source(0).fetchPage, 5_000, 100)).items).toEqual([]);
    const exact = source(100);
    await fetchAllPages(exact.fetchPage, 5_000, 100);
    expect(exact.asked).toEqual([1]);
  });

  it('stops at the limit and says the export is cut', async () => {
    const { asked, fetchPage } = source(1_000);
    const { items, truncated } = await fetchAllPages(fetchPage, 250, 100);
    expect(items).toHaveLength(250);
    expect(truncated).toBe(true);
    expect(asked).toEqual([1, 2, 3]);
  });
});
