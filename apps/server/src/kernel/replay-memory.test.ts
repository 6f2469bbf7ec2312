import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore as openKernelStore } from './db/db';
import { LocalReplayMemory, StoreReplayMemory, type ReplayMemory } from './replay-memory';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function storeMemories(kind: string): Promise<[ReplayMemory, ReplayMemory]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-replay-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set(
      'schema',
      `r_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    );
    databaseUrl = url.toString();
  }
  // Two gateways: two stores on the same database.
  const openStore = () =>
    openKernelStore({ dataDir, databaseUrl }, { migrations: [], repositories: () => ({}) });
  const a = await openStore();
  const b = await openStore();
  cleanups.push(async () => {
    if (databaseUrl) {
      const schema = new URL(databaseUrl).searchParams.get('schema');
      await b.close();
      await a.close();
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    } else {
      await b.close();
      await a.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return [new StoreReplayMemory(a), new StoreReplayMemory(b)];
}

describe('the memory of signed requests', () => {
  it('in one process: a second use within the window is a replay, after it is not', async () => {
    const memory = new LocalReplayMemory(10);
    expect(await memory.remember('key:sig', 2_000, 1_000)).toBe(true);
    expect(await memory.remember('key:sig', 2_000, 1_500)).toBe(false);
    expect(await memory.remember('key:sig', 4_000, 2_001)).toBe(true);
  });

  for (const kind of process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) {
    it(`shared by every gateway through the store (${kind})`, async () => {
      const [one, other] = await storeMemories(kind);
      expect(await one.remember('key:sig', 2_000, 1_000)).toBe(true);
      // Replayed against another gateway: refused there too.
      expect(await other.remember('key:sig', 2_000, 1_500)).toBe(false);
      expect(await one.remember('key:other', 2_000, 1_500)).toBe(true);
      // Once the window has passed, the same id is new again.
      expect(await other.remember('key:sig', 4_000, 2_001)).toBe(true);
      expect(await one.remember('key:sig', 4_000, 3_000)).toBe(false);
    });
  }
});
