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
    const host = t.app.services.spotHost;
    const told: string[][] = [];
    const stop = host.onUserUpdates((u: UserUpdates) => told.push([...u.balanceUsers]));
    // What this watcher hands the host; the app's own watcher reads the same
    // notices on its timer, so the balance channel may hear of one from either.
    const handed: string[][] = [];
    const watcher = new LedgerNoticeWatcher(
      t.store,
      {
        submit: (command) => {
          if (command.kind === 'notice') handed.push(command.userIds);
          return host.submit(command);
        },
      },
      t.clock.now,
      (e) => {
        throw e;
      },
    );
    await t.store.repos.ledger.insertNotice('n1', 'user-a', t.clock.now());
    await watcher.read();
    await host.idle();
    expect(handed).toEqual([['user-a']]);
    expect(told.flat()).toContain('user-a');
    // Minutes pass with nothing new: the old notice is not handed again.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60);
      await watcher.read();
    }
    expect(handed).toEqual([['user-a']]);
    await t.store.repos.ledger.insertNotice('n2', 'user-b', t.clock.now());
    await watcher.read();
    await watcher.read();
    await host.idle();
    expect(handed).toEqual([['user-a'], ['user-b']]);
    expect(told.flat()).toContain('user-b');
    stop();
  });
});
