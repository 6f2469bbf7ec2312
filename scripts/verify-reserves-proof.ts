#!/usr/bin/env node
// Verifies a proof-of-reserves file (the JSON the page downloads, or the
// answer of GET /v1/reserves/proof) from the command line, the same way the
// page does: the leaf from uid, nonce and balances, then every parent up the
// path, which must end at the published root. Prints each step; exits 0 when
// the proof holds and 1 when it does not.
//   npm run verify-reserves -- my-proof.json
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ReservesProof } from '../packages/core/src/earn-api';
import { verifyProof } from '../packages/core/src/reserves-merkle';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: npm run verify-reserves -- <proof.json>\n');
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { data?: ReservesProof } & ReservesProof;
const proof = parsed.data ?? parsed;
const sha256 = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const check = await verifyProof(sha256, proof);
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`leaf   ${check.leaf} ${check.leafMatches ? '=' : '!='} ${proof.leaf}`);
for (const step of check.steps) {
  out(
    `level ${step.level}  ${step.left} + ${step.right} ${JSON.stringify(step.balances)} -> ${step.hash}`,
  );
}
out(`root   ${check.root} ${check.root === proof.root ? '=' : '!='} ${proof.root}`);
out(
  check.valid
    ? 'VALID: the balances are in the published tree'
    : 'INVALID: the proof does not lead to the root',
);
process.exit(check.valid ? 0 : 1);
