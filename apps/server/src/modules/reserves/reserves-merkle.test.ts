/**
 * The proof-of-reserves Merkle tree (core's reserves-merkle.ts): Bitget's own
 * published example proof verifies to its published root; a known small tree
 * has every hash recomputed here from the literal strings of the form; then
 * the built tree, each path and a tampered proof.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  { uid: '1001', nonce: 'aa', balances: { BTC: '0.5', USDT: '10' } },
  { uid: '1002', nonce: 'bb', balances: { BTC: '0', USDT: '2.25' } },
  { uid: '1003', nonce: 'cc', balances: { BTC: '1.10000000', USDT: '0' } },
];

/** A proof file as Bitget publishes it to each user (their verifier's input). */
interface PublishedNode {
  balances: Record<string, string>;
  level: number;
  merkelLeaf: string;
  role?: number;
}
interface PublishedProof {
  path: PublishedNode[];
  self: PublishedNode & { encryptUid: string; nonce: string };
}

describe('proof-of-reserves Merkle tree', () => {
  it("verifies Bitget's published example proof to its published root, and refuses it altered", async () => {
    // From BitgetLimited/proof-of-reserves (merkel_tree_bg.json): one user's leaf, the
    // siblings up to the root (role 1 a left sibling, 2 a right one), the root last.
    const published = JSON.parse(
      readFileSync(join(import.meta.dirname, 'fixtures', 'bitget-published-proof.json'), 'utf8'),
    ) as PublishedProof;
    const rootNode = published.path[published.path.length - 1] as PublishedNode;
    const proof: ReservesProof = {
      snapshotId: 'bitget-example',
      time: 0,
      root: rootNode.merkelLeaf,
      uid: published.self.encryptUid,
      nonce: published.self.nonce,
      balances: published.self.balances,
      leaf: published.self.merkelLeaf,
      path: published.path.slice(0, -1).map((node) => ({
        hash: node.merkelLeaf,
        balances: node.balances,
        side: node.role === 1 ? 'left' : 'right',
        level: node.level - 1,
      })),
    };
    expect(proof.path).toHaveLength(published.self.level - 1);
    const check = await verifyProof(sha256Hex, proof);
    expect(check.leafMatches).toBe(true);
    expect(check.root).toBe(rootNode.merkelLeaf);
    expect(check.valid).toBe(true);
    // The sums up the path are the root's published totals, coin by coin.
    const totals = check.steps[check.steps.length - 1]?.balances ?? {};
    for (const [coin, amount] of Object.entries(rootNode.balances)) {
      expect(Number(totals[coin]) - Number(amount), coin).toBe(0);
    }
    const sibling = proof.path[3] as ReservesProof['path'][number];
    const altered = await verifyProof(sha256Hex, {
      ...proof,
      path: proof.path.map((step) =>
        step === sibling ? { ...step, balances: { ...step.balances, USDT: '0' } } : step,
      ),
    });
    expect(altered.valid).toBe(false);
  });

  it('hashes leaves and parents in the published form', async () => {
    const a = h16('1001,aa,{"BTC":"0.5","USDT":"10"}');
    const b = h16('1002,bb,{"BTC":"0","USDT":"2.25"}');
    const c = h16('1003,cc,{"BTC":"1.1","USDT":"0"}');
    expect(await leafHash(sha256Hex, '1001', 'aa', { BTC: '0.5', USDT: '10' })).toBe(a);
    // Three leaves: the root is level 1, its children level 2, the leaves level 3.
    const ab = h16(`${a}${b},{"BTC":"0.5","USDT":"12.25"},2`);
    const cPad = h16(`${c}${PAD_HASH},{"BTC":"1.1","USDT":"0"},2`);
    const root = h16(`${ab}${cPad},{"BTC":"1.6","USDT":"12.25"},1`);

    const leaves = await Promise.all(
      USERS.map(async (u) => ({
        hash: await leafHash(sha256Hex, u.uid, u.nonce, u.balances),
        balances: u.balances,
      })),
    );
    const levels = await buildTree(sha256Hex, leaves);
    expect(levels.map((l) => l.map((n) => n.hash))).toEqual([[a, b, c], [ab, cPad], [root]]);
    expect(levels[2]?.[0]?.balances).toEqual({ BTC: '1.6', USDT: '12.25' });
    expect(pathOf(levels, 2).map((step) => step.level)).toEqual([2, 1]);
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
