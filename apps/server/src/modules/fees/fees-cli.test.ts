import type { MyVip } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { quay, storeEnv } from '../../test/operator-cli';

describe.each(STORES)('the operator’s vip commands on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  const env = () => storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl });
  const mine = async () =>
    (await call<MyVip>(t.app, 'GET', '/v1/fee/vip?languageType=0', undefined, bearer(token))).data;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    token = (await registerByEmail<{ token: string }>(t, mail, 'holder@example.com')).data.token;
    const userId = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(userId, 'USDT', '30000', 'test');
  });
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('recomputes tiers beside the running server, which charges them once it reloads', async () => {
    const run = await quay(['vip', 'recompute'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1 accounts, 1 changed tier/);
    // The server's own check may have loaded the change already (it looks every
    // few seconds); either way, after this call it holds the newest table.
    await t.app.services.fees.reloadIfChanged();
    expect(await t.app.services.fees.reloadIfChanged()).toBe(false);
    // 30,000 USDT held reaches VIP1 (25,000).
    expect(await mine()).toMatchObject({ level: 1, assigned: false, assets: '30000.00000000' });
  });

  it('assigns a tier, refuses one that does not exist, and clears it with auto', async () => {
    const set = await quay(['vip', 'set', 'holder@example.com', 'VIP5'], env());
    expect(set.stdout.trim()).toBe('holder@example.com VIP5 (assigned)');
    expect(await mine()).toMatchObject({ level: 5, assigned: true });

    for (const args of [
      ['vip', 'set', 'holder@example.com', '9'],
      ['vip', 'set', 'holder@example.com', 'gold'],
      ['vip', 'set', 'nobody@example.com', '3'],
      ['vip', 'promote'],
    ]) {
      const refused = await quay(args, env());
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain('Usage: npm run quay -- vip');
    }
    expect(await mine()).toMatchObject({ level: 5, assigned: true });

    const auto = await quay(['vip', 'set', 'holder@example.com', 'auto'], env());
    expect(auto.stdout.trim()).toBe('holder@example.com VIP1');
    expect(await mine()).toMatchObject({ level: 1, assigned: false });
  });
});
