#!/usr/bin/env node
// Runs every check and suite and ends with one line: `N passed, N failed, N skipped`.
// Type check, lint, format and the web build count as one check each; the
// vitest suites (unit and integration, then the browser suite against the
// built app) count their tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test, with the first line of its reason: repeated at the end, where a long log is cut. */
const failedTests = [];
const reportDir = mkdtempSync(join(tmpdir(), 'quay-test-'));

/** Runs a command with its output streamed, each line marked with its label; resolves whether it exited 0. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, shell: false });
    const mark = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${label}] ${rest}\n`);
      });
    };
    mark(child.stdout, process.stdout);
    mark(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`=== ${label}: exit ${code ?? signal} in ${seconds}s`);
      resolve(code === 0);
    });
  });
}

/** Like `run`, but alongside others: its output is held and printed whole when it ends. */
function runAlongside(label, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env, shell: false });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${label}: exit ${code ?? signal} in ${seconds}s`);
      resolve(code === 0);
    });
  });
}

async function vitest(label, args, env) {
  const out = join(reportDir, `${label}.json`);
  const ok = await run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    env,
  );
  let report;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    report = null;
  }
  if (!report) {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that failed to load counts as a failure even when no test ran.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed'),
  );
  totals.failed += brokenFiles.length;
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name ?? '');
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = (test.failureMessages ?? [])[0]?.split('\n')[0] ?? '';
      failedTests.push(
        `${label}: ${name} > ${test.fullName ?? test.title}\n    ${reason.slice(0, 300)}`,
      );
    }
  }
  for (const file of brokenFiles) {
    failedTests.push(
      `${label}: ${relative(process.cwd(), file.name ?? '')} did not load\n    ${(file.message ?? '').split('\n')[0].slice(0, 300)}`,
    );
  }
  if (!ok || (report.numFailedTests ?? 0) > 0 || brokenFiles.length > 0) failures.push(label);
}

// The root key first: the build and the suites' servers then only read it.
await run('root key', 'node', ['scripts/root-key.mjs']);

// The three static checks are single-threaded: side by side they use both cores.
const checks = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npx', ['prettier', '--check', '.']],
];
const checked = await Promise.all(
  checks.map(([label, command, args]) => runAlongside(label, command, args)),
);
checked.forEach((ok, i) => {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(checks[i][0]);
  }
});
// The unit and integration suite, then the web build and the browser suite
// against it, one after the other: side by side on two cores each ran at a
// fraction of its speed (the browser's processes and the servers the suites
// start crowd each other out), slower in all than in turn.
await vitest('unit-and-integration', []);
const built = await run('build', 'npm', ['run', '--silent', 'build']);
if (built) {
  totals.passed += 1;
  await vitest('browser', ['--config', 'e2e/vitest.config.ts']);
} else {
  totals.failed += 1;
  failures.push('build (browser suite not run)');
}

rmSync(reportDir, { recursive: true, force: true });
if (failedTests.length > 0) console.log(`\nFailed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
