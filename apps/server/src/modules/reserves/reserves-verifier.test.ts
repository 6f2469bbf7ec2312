/** The command-line verifier (scripts/verify-reserves-proof.ts): a good proof holds, a tampered one fails. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildTree, leafHash, pathOf, type ReservesProof } from '@quay/core/earn';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './reserves-service';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..', '..');

async function verify(proof: unknown): Promise<{ code: number; stdout: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'proof-')), 'proof.json');
  writeFileSync(file, JSON.stringify(proof));
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify-reserves-proof.ts', file],
      { cwd: ROOT },
    );
    return { code: 0, stdout };
  } catch (err) {
    const failed = err as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('the reserves verifier script', () => {
  it('accepts a good proof and refuses a tampered one', async () => {
    const users: Array<{ uid: string; nonce: string; balances: Record<string, string> }> = [
      { uid: '7', nonce: 'n7', balances: { USDT: '5' } },
      { uid: '8', nonce: 'n8', balances: { BTC: '0.1', USDT: '1' } },
    ];
    const leaves = await Promise.all(
      users.map(async (u) => ({
        hash: await leafHash(sha256Hex, u.uid, u.nonce, u.balances),
        balances: u.balances,
      })),
    );
    const levels = await buildTree(sha256Hex, leaves);
    const proof: ReservesProof = {
      snapshotId: 's1',
      time: 0,
      root: levels[1]?.[0]?.hash as string,
      ...(users[1] as (typeof users)[number]),
      leaf: leaves[1]?.hash as string,
      path: pathOf(levels, 1),
    };
    const good = await verify({ code: '0', data: proof });
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('VALID');
    const bad = await verify({ ...proof, balances: { BTC: '0.1', USDT: '100' } });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('INVALID');
  }, 30_000);
});
