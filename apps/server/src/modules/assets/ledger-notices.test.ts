import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserUpdates } from '../spot';
import { LedgerNoticeWatcher } from './ledger-notices';
import { STORES, startApp, type TestApp } from '../../test/harness';

describe.each(STORES)('ledger notices on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(store);
  });
  afterAll(async () => t.close());

  it('tells the host each notice once, however long ago the last one came', async () => {
    const told: string[][] = [];
    const stop = t.app.services.spotHost.onUserUpdates((u: UserUpdates) =>
      told.push([...u.balanceUsers]),
    );
    const watcher = new LedgerNoticeWatcher(t.store, t.app.services.spotHost, t.clock.now, (e) => {
      throw e;
    });
    await t.store.repos.ledger.insertNotice('n1', 'user-a', t.clock.now());
    await watcher.read();
    // The app's own watcher reads the same notices on its timer: one of the two tells it.
    await new Promise((r) => setTimeout(r, 700));
    await t.app.services.spotHost.idle();
    expect(told.flat()).toContain('user-a');
    const once = told.length;
    // Minutes pass with nothing new: the old notice is not told again.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60);
      await watcher.read();
    }
    await new Promise((r) => setTimeout(r, 700));
    await t.app.services.spotHost.idle();
    expect(told.length).toBe(once);
    await t.store.repos.ledger.insertNotice('n2', 'user-b', t.clock.now());
    await watcher.read();
    await t.app.services.spotHost.idle();
    expect(told.slice(once).flat()).toEqual(['user-b']);
    stop();
  });
});
