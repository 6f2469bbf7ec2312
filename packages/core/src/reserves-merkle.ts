/**
 * The proof-of-reserves Merkle tree in Bitget's published form (their
 * verifier, BitgetLimited/proof-of-reserves, reproduces our roots and ours
 * theirs), shared by the server (building), the web app (verifying with Web
 * Crypto) and the command-line verifier:
 * - leaf = first 16 hex of SHA-256 over `uid,nonce,balancesJson`;
 * - parent = first 16 hex of SHA-256 over `leftright,balancesJson,level`,
 *   its balances the sum of its children's;
 * - levels count from the root (1) down, so the leaves are the deepest level;
 * - balancesJson keeps the node's own coin order (Quay writes every coin of
 *   the snapshot, in alphabetical order, zeros included) and writes each
 *   amount as a plain decimal string without trailing zeros, e.g.
 *   {"BTC":"0.5","ETH":"0","USDT":"100"}.
 * An odd node at the end of a level is paired with an empty node (PAD_HASH,
 * no balances), so the sums stay what users are owed.
 */
import type { ReservesPathStep, ReservesProof } from './earn-api';

/** SHA-256 of a UTF-8 string as lowercase hex (node's crypto or Web Crypto). */
export type Sha256Hex = (text: string) => Promise<string>;

export const PAD_HASH = '0000000000000000';
/** Decimal places sums are exact to: more than any coin Quay or Bitget lists. */
const SCALE = 18;

function minor(amount: string): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]{1,18}))?$/.exec(amount);
  if (!match) throw new Error(`bad amount ${amount}`);
  const value = BigInt(`${match[2]}${(match[3] ?? '').padEnd(SCALE, '0')}`);
  return match[1] === '-' ? -value : value;
}

function plain(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  const whole = digits.slice(0, -SCALE);
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** The balances as the hashes see them: the node's coin order, plain amounts. */
export function balancesJson(balances: Record<string, string>): string {
  const out: Record<string, string> = {};
  for (const [coin, amount] of Object.entries(balances)) out[coin] = plain(minor(amount));
  return JSON.stringify(out);
}

/** A parent's balances: the left child's coins in its order, then any the right adds. */
export function sumBalances(
  a: Record<string, string>,
  b: Record<string, string>,
): Record<string, string> {
  const out = new Map<string, bigint>();
  for (const side of [a, b]) {
    for (const [coin, amount] of Object.entries(side)) {
      out.set(coin, (out.get(coin) ?? 0n) + minor(amount));
    }
  }
  return Object.fromEntries([...out].map(([coin, v]) => [coin, plain(v)]));
}

export async function leafHash(
  sha256: Sha256Hex,
  uid: string,
  nonce: string,
  balances: Record<string, string>,
): Promise<string> {
  return (await sha256(`${uid},${nonce},${balancesJson(balances)}`)).slice(0, 16);
}

export async function parentHash(
  sha256: Sha256Hex,
  left: string,
  right: string,
  balances: Record<string, string>,
  level: number,
): Promise<string> {
  return (await sha256(`${left}${right},${balancesJson(balances)},${level}`)).slice(0, 16);
}

export interface MerkleNode {
  hash: string;
  balances: Record<string, string>;
}

/** How many levels a tree of `leaves` leaves has: the root's is 1, the leaves' this many. */
export function depthOf(leaves: number): number {
  let depth = 1;
  for (let width = leaves; width > 1; width = Math.ceil(width / 2)) depth += 1;
  return depth;
}

/** Every level of the tree, leaves first, the root last (one node). */
export async function buildTree(sha256: Sha256Hex, leaves: MerkleNode[]): Promise<MerkleNode[][]> {
  if (leaves.length === 0) return [[{ hash: PAD_HASH, balances: {} }]];
  const levels: MerkleNode[][] = [leaves];
  let current = leaves;
  // Counted from the root: the leaves sit at the deepest level, their parents one above.
  let level = depthOf(leaves.length);
  while (current.length > 1) {
    level -= 1;
    const next: MerkleNode[] = [];
    for (let i = 0; i < current.length; i += 2) {
      const left = current[i] as MerkleNode;
      const right = current[i + 1] ?? { hash: PAD_HASH, balances: {} };
      const balances = sumBalances(left.balances, right.balances);
      next.push({
        hash: await parentHash(sha256, left.hash, right.hash, balances, level),
        balances,
      });
    }
    levels.push(next);
    current = next;
  }
  return levels;
}

/** The siblings from a leaf up to the root; each step names the level of the parent it makes. */
export function pathOf(levels: MerkleNode[][], index: number): ReservesPathStep[] {
  const path: ReservesPathStep[] = [];
  let position = index;
  for (let level = 0; level < levels.length - 1; level += 1) {
    const nodes = levels[level] as MerkleNode[];
    const siblingAt = position % 2 === 0 ? position + 1 : position - 1;
    const sibling = nodes[siblingAt] ?? { hash: PAD_HASH, balances: {} };
    path.push({
      hash: sibling.hash,
      balances: sibling.balances,
      side: position % 2 === 0 ? 'right' : 'left',
      level: levels.length - level - 1,
    });
    position = Math.floor(position / 2);
  }
  return path;
}

export interface VerifyStep {
  level: number;
  left: string;
  right: string;
  balances: Record<string, string>;
  hash: string;
}

export interface ProofCheck {
  valid: boolean;
  /** The leaf as recomputed from uid, nonce and balances. */
  leaf: string;
  leafMatches: boolean;
  steps: VerifyStep[];
  /** The root the path leads to. */
  root: string;
}

/** Recomputes the leaf and every parent on the path; valid when it leads to the published root. */
export async function verifyProof(sha256: Sha256Hex, proof: ReservesProof): Promise<ProofCheck> {
  const leaf = await leafHash(sha256, proof.uid, proof.nonce, proof.balances);
  let node: MerkleNode = { hash: leaf, balances: proof.balances };
  const steps: VerifyStep[] = [];
  for (const step of proof.path) {
    const [left, right] =
      step.side === 'right'
        ? [node, { hash: step.hash, balances: step.balances }]
        : [{ hash: step.hash, balances: step.balances }, node];
    const balances = sumBalances(left.balances, right.balances);
    const hash = await parentHash(sha256, left.hash, right.hash, balances, step.level);
    steps.push({ level: step.level, left: left.hash, right: right.hash, balances, hash });
    node = { hash, balances };
  }
  const leafMatches = leaf === proof.leaf;
  return {
    valid: leafMatches && node.hash === proof.root,
    leaf,
    leafMatches,
    steps,
    root: node.hash,
  };
}
