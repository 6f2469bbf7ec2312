/**
 * The futures writer fenced by its lease's epoch (kernel/cluster/writer-fence.ts),
 * on PostgreSQL: once another holder has taken the lease, the writer's next
 * batch does not commit (its transaction rolls back), its caller is refused,
 * and the store keeps what the new holder leaves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FencedError, WriterFence } from '../../kernel/cluster/writer-fence';
import { openStore, type AppStore } from '../../store';
import { FuturesHost } from './futures-host';
import type { FuturesWriterLink } from './host/futures-link';
import { PerpMarkets } from './perp-markets';

const databaseUrl = process.env.DATABASE_URL;

/** The writer's link without a bus: the fence's commit in the batch's transaction, nothing published. */
function fencedLink(store: AppStore, fence: WriterFence): FuturesWriterLink {
  return {
    kind: 'writer',
    begin: async () => {
      await fence.take(store);
      return { seqBase: fence.epoch * 2 ** 32, seq: fence.seq };
    },
    commit: async (repos, _pending, event) => {
      event.seq = await fence.commit(repos, [], (seq) => JSON.stringify({ seq }));
    },
    published: () => undefined,
    opened: async () => undefined,
  };
}

describe.skipIf(!databaseUrl)('the futures writer and its lease (PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-fence-'));
  const schema = `f_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const url = new URL(databaseUrl ?? 'postgres://localhost/none');
  url.searchParams.set('schema', schema);
  let store: AppStore | null = null;
  afterAll(async () => {
    await store?.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cannot commit once another holder has taken the lease', async () => {
    store = await openStore({ dataDir, databaseUrl: url.toString() });
    const fenced: unknown[] = [];
    const fence = new WriterFence('futures', Date.now, (err) => fenced.push(err));
    const host = new FuturesHost(store, new PerpMarkets(), {
      now: Date.now,
      fundingIntervalMs: 8 * 3600_000,
      fundSeed: 0n,
      indexPrice: () => null,
      link: fencedLink(store, fence),
    });
    await host.start();
    const leverage = (value: number) =>
      host.submit({
        kind: 'leverage',
        owner: 'u1',
        symbol: 'BTCUSDT_PERP',
        leverage: value,
        positionSide: null,
      });
    await leverage(10);
    const seqOf = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ seq: string; epoch: string }>(
          `select seq::text, epoch::text from "${schema}".writer_leases where name = 'futures'`,
        );
        return rows[0];
      } finally {
        await client.end();
      }
    };
    expect(await seqOf()).toMatchObject({ seq: '1', epoch: '1' });
    expect(host.symbolSettings('u1', 'BTCUSDT_PERP').long).toBe(10);

    // Another engine takes the lease: the epoch moves on.
    await store.repos.cluster.takeLease('futures', Date.now());
    await expect(leverage(5)).rejects.toBeTruthy();
    expect(fenced.length).toBe(1);
    expect(fenced[0]).toBeInstanceOf(FencedError);
    // Nothing of the refused batch is stored: the sequence and the setting are as they were.
    expect(await seqOf()).toMatchObject({ seq: '1', epoch: '2' });
    const stored = await store.repos.futures.documents('futures_settings');
    expect(stored.map((text) => JSON.parse(text) as { settings: { long: number } })).toEqual([
      expect.objectContaining({ settings: expect.objectContaining({ long: 10 }) }),
    ]);
    await host.idle();
  });
});
