import type { DepthLevel } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { depthShare, groupLevels, groupPrice } from './depth-grouping';

const bids: DepthLevel[] = [
  ['100.37', '1'],
  ['100.31', '2'],
  ['100.2', '0.5'],
  ['99.99', '4'],
];
const asks: DepthLevel[] = [
  ['100.41', '1'],
  ['100.49', '1.5'],
  ['100.5', '2'],
  ['100.51', '3'],
];

const plain = (rows: ReturnType<typeof groupLevels>) =>
  rows.map((r) => [r.price, r.quantity.toString(), r.cumulative.toString()]);

describe('groupLevels', () => {
  it('keeps the raw levels at the tick, with the running total', () => {
    expect(plain(groupLevels(bids, '0.01', 'bids', 10))).toEqual([
      ['100.37', '1', '1'],
      ['100.31', '2', '3'],
      ['100.20', '0.5', '3.5'],
      ['99.99', '4', '7.5'],
    ]);
  });

  it('rounds bids down and asks up into buckets of the step', () => {
    expect(plain(groupLevels(bids, '0.1', 'bids', 10))).toEqual([
      ['100.3', '3', '3'],
      ['100.2', '0.5', '3.5'],
      ['99.9', '4', '7.5'],
    ]);
    expect(plain(groupLevels(asks, '0.1', 'asks', 10))).toEqual([
      ['100.5', '4.5', '4.5'],
      ['100.6', '3', '7.5'],
    ]);
    expect(plain(groupLevels(bids, '10', 'bids', 10))).toEqual([
      ['100', '3.5', '3.5'],
      ['90', '4', '7.5'],
    ]);
    expect(plain(groupLevels(asks, '1', 'asks', 10))).toEqual([['101', '7.5', '7.5']]);
  });

  it('stops at the row limit', () => {
    expect(groupLevels(bids, '0.01', 'bids', 2)).toHaveLength(2);
    expect(groupLevels([], '0.01', 'asks', 5)).toEqual([]);
  });

  it('groups exact multiples onto themselves', () => {
    expect(groupPrice('100.5', '0.5', 'asks').toString()).toBe('100.5');
    expect(groupPrice('100.5', '0.5', 'bids').toString()).toBe('100.5');
  });
});

describe('depthShare', () => {
  const rows = groupLevels(bids, '0.01', 'bids', 10);
  it('is the share of the widest cumulative total', () => {
    const widest = rows.at(-1)?.cumulative;
    if (!widest) throw new Error('no rows');
    expect(rows.map((r) => depthShare(r.cumulative, widest))).toEqual([1 / 7.5, 0.4, 3.5 / 7.5, 1]);
  });
});
