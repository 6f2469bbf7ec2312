/**
 * The Merkle tree of proof of reserves (core's reserves-merkle.ts) on a known
 * small tree: every hash is recomputed here from the literal strings of the
 * published form, then the built tree, each path and a tampered proof.
 */
import { createHash } from 'node:crypto';
import {
  PAD_HASH,
  buildTree,
  leafHash,
  pathOf,
  verifyProof,
  type ReservesProof,
} from '@quay/core/earn';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './reserves-service';

const h16 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

const USERS: Array<{ uid: string; nonce: string; balances: Record<string, string> }> = [
  { uid: '1001', nonce: 'aa', balances: { USDT: '10', BTC: '0.5' } },
  { uid: '1002', nonce: 'bb', balances: { USDT: '2.25' } },
  { uid: '1003', nonce: 'cc', balances: { BTC: '1.10000000' } },
];

describe('proof-of-reserves Merkle tree', () => {
  it('hashes leaves and parents in the published form', async () => {
    const a = h16('1001aa{"BTC":"0.5","USDT":"10"}');
    const b = h16('1002bb{"USDT":"2.25"}');
    const c = h16('1003cc{"BTC":"1.1"}');
    expect(await leafHash(sha256Hex, '1001', 'aa', { USDT: '10', BTC: '0.5' })).toBe(a);
    const ab = h16(`${a}${b}{"BTC":"0.5","USDT":"12.25"}1`);
    const cPad = h16(`${c}${PAD_HASH}{"BTC":"1.1"}1`);
    const root = h16(`${ab}${cPad}{"BTC":"1.6","USDT":"12.25"}2`);

    const leaves = await Promise.all(
      USERS.map(async (u) => ({
        hash: await leafHash(sha256Hex, u.uid, u.nonce, u.balances),
        balances: u.balances,
      })),
    );
    const levels = await buildTree(sha256Hex, leaves);
    expect(levels.map((l) => l.map((n) => n.hash))).toEqual([[a, b, c], [ab, cPad], [root]]);
    expect(levels[2]?.[0]?.balances).toEqual({ BTC: '1.6', USDT: '12.25' });
  });

  it('every path leads to the root; a tampered proof does not', async () => {
    const leaves = await Promise.all(
      USERS.map(async (u) => ({
        hash: await leafHash(sha256Hex, u.uid, u.nonce, u.balances),
        balances: u.balances,
      })),
    );
    const levels = await buildTree(sha256Hex, leaves);
    const root = levels[levels.length - 1]?.[0]?.hash as string;
    for (const [index, user] of USERS.entries()) {
      const proof: ReservesProof = {
        snapshotId: 's',
        time: 0,
        root,
        uid: user.uid,
        nonce: user.nonce,
        balances: user.balances,
        leaf: leaves[index]?.hash as string,
        path: pathOf(levels, index),
      };
      const check = await verifyProof(sha256Hex, proof);
      expect(check.valid).toBe(true);
      expect(check.steps).toHaveLength(2);
      expect(check.root).toBe(root);
      const more = await verifyProof(sha256Hex, {
        ...proof,
        balances: { ...user.balances, USDT: '999' },
      });
      expect(more.valid).toBe(false);
      const sibling = proof.path[0] as ReservesProof['path'][number];
      const fewer = await verifyProof(sha256Hex, {
        ...proof,
        path: [{ ...sibling, balances: { USDT: '0.01' } }, ...proof.path.slice(1)],
      });
      expect(fewer.valid).toBe(false);
    }
  });

  it('an empty snapshot has the pad as root', async () => {
    expect((await buildTree(sha256Hex, []))[0]?.[0]?.hash).toBe(PAD_HASH);
  });
});
