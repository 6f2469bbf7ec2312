import type { DepthPush } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { applyDepthPush, applyLevels, continuesSequence, EMPTY_BOOK } from './depth-book';

const snapshot = (seq: number): DepthPush => ({
  kind: 'snapshot',
  seq,
  bids: [
    ['99.5', '1'],
    ['100', '2'],
  ],
  asks: [
    ['101', '3'],
    ['100.5', '1'],
  ],
});

describe('applyLevels', () => {
  it('keeps bids high to low and asks low to high, comparing prices as decimals', () => {
    expect(
      applyLevels(
        [],
        [
          ['9.5', '1'],
          ['10', '1'],
          ['100', '1'],
        ],
        'bids',
      ).map(([p]) => p),
    ).toEqual(['100', '10', '9.5']);
    expect(
      applyLevels(
        [],
        [
          ['10', '1'],
          ['9.5', '1'],
          ['100', '1'],
        ],
        'asks',
      ).map(([p]) => p),
    ).toEqual(['9.5', '10', '100']);
  });

  it('replaces a level, removes it at quantity zero, and ignores the removal of a missing level', () => {
    const book = applyLevels(
      [
        ['100', '1'],
        ['99', '2'],
      ],
      [
        ['100.00', '5'],
        ['99', '0'],
        ['98', '0'],
        ['98.5', '4'],
      ],
      'bids',
    );
    expect(book).toEqual([
      ['100', '5'],
      ['98.5', '4'],
    ]);
  });
});

describe('applyDepthPush', () => {
  it('takes a snapshot, then deltas in sequence', () => {
    const first = applyDepthPush(EMPTY_BOOK, snapshot(7));
    expect(first.verdict).toBe('applied');
    expect(first.book).toEqual({
      seq: 7,
      synced: true,
      bids: [
        ['100', '2'],
        ['99.5', '1'],
      ],
      asks: [
        ['100.5', '1'],
        ['101', '3'],
      ],
    });
    const next = applyDepthPush(first.book, {
      kind: 'delta',
      seq: 8,
      bids: [['100', '0']],
      asks: [['100.2', '0.5']],
    });
    expect(next.verdict).toBe('applied');
    expect(next.book.seq).toBe(8);
    expect(next.book.bids).toEqual([['99.5', '1']]);
    expect(next.book.asks[0]).toEqual(['100.2', '0.5']);
  });

  it('ignores deltas before the first snapshot', () => {
    const result = applyDepthPush(EMPTY_BOOK, { kind: 'delta', seq: 1, bids: [], asks: [] });
    expect(result.verdict).toBe('ignored');
    expect(result.book).toBe(EMPTY_BOOK);
  });

  it('reports a gap when a delta skips a seq or repeats one, and waits for a new snapshot', () => {
    const { book } = applyDepthPush(EMPTY_BOOK, snapshot(10));
    const skipped = applyDepthPush(book, {
      kind: 'delta',
      seq: 12,
      bids: [['1', '1']],
      asks: [],
    });
    expect(skipped.verdict).toBe('gap');
    expect(skipped.book.synced).toBe(false);
    // The lost push's successor is not applied...
    expect(skipped.book.bids).toEqual(book.bids);
    // ...nor anything after it, until a snapshot.
    expect(
      applyDepthPush(skipped.book, { kind: 'delta', seq: 13, bids: [], asks: [] }).verdict,
    ).toBe('ignored');
    const again = applyDepthPush(skipped.book, snapshot(20));
    expect(again.verdict).toBe('applied');
    expect(again.book.synced).toBe(true);
    expect(applyDepthPush(book, { kind: 'delta', seq: 10, bids: [], asks: [] }).verdict).toBe(
      'gap',
    );
  });

  it('continues a sequence only by exactly one', () => {
    expect(continuesSequence(null, 1)).toBe(false);
    expect(continuesSequence(4, 5)).toBe(true);
    expect(continuesSequence(4, 6)).toBe(false);
    expect(continuesSequence(4, 4)).toBe(false);
  });
});
