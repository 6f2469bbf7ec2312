import { describe, expect, it } from 'vitest';
import { futuresActionOf } from './futures-figures';
import { withinRange } from '../../../entities/history-filter';
import { pageOf } from '../../../entities/list-answer';

describe('futures records read as a trader reads them', () => {
  it('name what an order does to a position', () => {
    expect(futuresActionOf('buy', false)).toBe('openLong');
    expect(futuresActionOf('sell', false)).toBe('openShort');
    expect(futuresActionOf('sell', true)).toBe('closeLong');
    expect(futuresActionOf('buy', true)).toBe('closeShort');
  });
});

describe('list answers', () => {
  it('page a plain array here and keep a server page as it is', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 3, 20)).toEqual({
      items: [40, 41, 42, 43, 44],
      total: 45,
      pageNo: 3,
      pageSize: 20,
    });
    expect(pageOf({ items: [1, 2], total: 80, pageNo: 2, pageSize: 2 }, 2, 2).total).toBe(80);
    expect(pageOf(null, 1, 20)).toEqual({ items: [], total: 0, pageNo: 1, pageSize: 20 });
  });

  it('keep items of an inclusive time range', () => {
    const rows = [{ t: 1 }, { t: 5 }, { t: 10 }];
    expect(withinRange(rows, (r) => r.t, 5, 10)).toEqual([{ t: 5 }, { t: 10 }]);
    expect(withinRange(rows, (r) => r.t, null, 4)).toEqual([{ t: 1 }]);
    expect(withinRange(rows, (r) => r.t, null, null)).toHaveLength(3);
  });
});
