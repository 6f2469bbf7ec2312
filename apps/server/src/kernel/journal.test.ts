import { describe, expect, it } from 'vitest';
import { Journal, move } from './journal';

describe('the journal', () => {
  it('posts a freeze or a release only as a move within one account and coin', () => {
    const journal = new Journal(0);
    journal.post('place:1', 'freeze', move('u1', 'USDT', 'available', 'frozen', 5n));
    journal.post('done:1', 'release', move('u1', 'USDT', 'frozen', 'available', 5n));
    expect(journal.entries).toHaveLength(4);
    // Balanced, but between two accounts: the index by account would miss it (isMoveKind).
    expect(() =>
      journal.post('x:1', 'freeze', [
        { userId: 'u1', coin: 'USDT', bucket: 'available', amount: -5n },
        { userId: 'u2', coin: 'USDT', bucket: 'frozen', amount: 5n },
      ]),
    ).toThrow('a freeze moves within one account and coin');
    expect(() =>
      journal.post('x:2', 'transfer', [
        { userId: 'u1', coin: 'USDT', bucket: 'available', amount: -5n },
        { userId: 'u2', coin: 'USDT', bucket: 'available', amount: 5n },
      ]),
    ).not.toThrow();
    expect(journal.entries).toHaveLength(6);
  });
});
