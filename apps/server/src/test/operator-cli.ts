/**
 * The operator command line as an operator runs it: a child process on the
 * same DATA_DIR or DATABASE_URL as the server.
 */
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = 'apps/server/src/cli.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx apps/server/src/cli.ts ...args` (what `npm run quay --` runs). */
export function quay(args: string[], env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  // The child reads only the store it is pointed at.
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: REPO_ROOT, env: { ...base, ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** DATA_DIR and, on PostgreSQL, DATABASE_URL of a store the server also uses. */
export function storeEnv(t: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Record<string, string> {
  return { DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) };
}
