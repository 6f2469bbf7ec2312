/**
 * A crash in the middle of trading: the real server as a child process on
 * the embedded store, orders fired at it concurrently (crossing, so fills
 * happen), SIGKILL while they are in flight, a restart on the same data
 * directory. Whatever was acknowledged must be there, consistent, with the
 * book and the ledger as the acknowledged history says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DepthSnapshot, Page, SpotFill, SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { openStore } from '../../store';
import { expectLedgerBalanced } from '../../test/harness';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const Q = 'languageType=0';
const USDT_EACH = 1_000_000n;
const BTC_EACH = 100n;
/** Stop firing after this many acknowledgements or this long, whichever comes first. */
const ACKS_BEFORE_KILL = 300;
const FIRE_MS = 4_000;

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** A decimal string as an integer of 1e-8 units: exact, never through a float. */
function units(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8) || '0');
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      probe.close(() => ok(port));
    });
  });
}

class ServerProcess {
  child: ChildProcess | null = null;
  base = '';

  constructor(private readonly dataDir: string) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      PROTECTION_FUND_SEED: '0',
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_CODE_PER_10MIN: '100000',
      // A plain HTTP client: no request signing, login encryption or device token.
      SIGN_CLIENT_OPEN: 'off',
      DEVICE_TOKEN_REQUIRED: 'off',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: 'ignore',
    });
    this.child = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.base}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server not healthy in 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((ok) => {
      child.once('exit', () => ok());
      child.kill('SIGKILL');
    });
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${this.base}${path}${path.includes('?') ? '&' : '?'}${Q}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
}

describe('a crash of the server while orders are in flight', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-crash-'));
  const server = new ServerProcess(dataDir);
  const emails = [
    'buyer0@crash.example',
    'buyer1@crash.example',
    'seller0@crash.example',
    'seller1@crash.example',
  ];
  const tokens = new Map<string, string>();
  /** Orders answered with code "0" before the kill, by user. */
  const acked = new Map<string, Set<string>>();
  let ackCount = 0;

  const register = async (email: string): Promise<string> => {
    const sent = await server.call('POST', '/v1/msg/verify-code/send', {
      bizType: 'register',
      email,
    });
    expect(sent.code, sent.msg).toBe('0');
    const mail = readFileSync(join(dataDir, 'outbox', 'mail.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((m) => m.to === email)
      .pop();
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    const answer = await server.call<{ token: string }>('POST', '/v1/user/register/email', {
      email,
      pwd: 'Quay2026pass',
      rePwd: 'Quay2026pass',
      verifyCode: code,
    });
    expect(answer.code, answer.msg).toBe('0');
    return answer.data.token;
  };

  const deposit = async (email: string, coin: string, amount: bigint) => {
    const errors: string[] = [];
    const status = await runCli(
      ['deposit', email, coin, String(amount)],
      { out: () => undefined, err: (line) => errors.push(line) },
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    );
    expect(status, errors.join(' ')).toBe(0);
  };

  /** Every order of a user, through the history pages. */
  const history = async (token: string): Promise<SpotOrder[]> => {
    const out: SpotOrder[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await server.call<Page<SpotOrder>>(
        'GET',
        `/v1/spot/orders/history?pageNo=${page}&pageSize=50`,
        undefined,
        token,
      );
      expect(answer.code, answer.msg).toBe('0');
      out.push(...answer.data.items);
      if (answer.data.items.length < 50) return out;
    }
  };

  const fills = async (token: string): Promise<SpotFill[]> => {
    const out: SpotFill[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await server.call<Page<SpotFill>>(
        'GET',
        `/v1/spot/fills?pageNo=${page}&pageSize=50`,
        undefined,
        token,
      );
      expect(answer.code, answer.msg).toBe('0');
      out.push(...answer.data.items);
      if (answer.data.items.length < 50) return out;
    }
  };

  beforeAll(async () => {
    await server.start();
    for (const email of emails) {
      tokens.set(email, await register(email));
      acked.set(email, new Set());
      await deposit(email, 'USDT', USDT_EACH);
      await deposit(email, 'BTC', BTC_EACH);
    }

    // Buyers only buy and sellers only sell, so no one trades with themself
    // and each fill shows once in each side's history. Prices on a coarse
    // grid around 50,000 cross often and rest on few levels.
    let stopping = false;
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const fire = async (email: string) => {
      const token = tokens.get(email) as string;
      const side = email.startsWith('buyer') ? 'buy' : 'sell';
      while (!stopping) {
        const price = 50_000 + 5 * Math.floor(random() * 21 - 10);
        const lots = 100 + Math.floor(random() * 400);
        try {
          const answer = await server.call<SpotOrder>(
            'POST',
            '/v1/spot/order/place',
            {
              symbol: 'BTCUSDT',
              side,
              type: 'limit',
              price: `${price}.00`,
              quantity: `0.${String(lots).padStart(5, '0')}`,
            },
            token,
          );
          if (answer.code === '0') {
            acked.get(email)?.add(answer.data.orderId);
            ackCount += 1;
          }
        } catch {
          // The server is gone: what it answered before is what counts.
          return;
        }
      }
    };
    const firing = emails.flatMap((email) => [fire(email), fire(email), fire(email)]);
    const started = Date.now();
    while (ackCount < ACKS_BEFORE_KILL && Date.now() - started < FIRE_MS) {
      await new Promise((r) => setTimeout(r, 10));
    }
    // Killed while requests are still in flight, then told to stop firing.
    await server.kill();
    stopping = true;
    await Promise.all(firing);
    await server.start();
  }, 60_000);

  afterAll(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order, with its fills, and the book of the open ones', async () => {
    expect(ackCount).toBeGreaterThan(50);
    const resting = new Map<string, bigint>();
    let fillCount = 0;
    for (const email of emails) {
      const token = tokens.get(email) as string;
      const orders = await history(token);
      const byId = new Map(orders.map((o) => [o.orderId, o]));
      for (const id of acked.get(email) ?? []) expect(byId.has(id), `order ${id}`).toBe(true);

      const filled = new Map<string, bigint>();
      for (const fill of await fills(token)) {
        filled.set(fill.orderId, (filled.get(fill.orderId) ?? 0n) + units(fill.quantity));
        fillCount += 1;
      }
      for (const order of orders) {
        expect(units(order.filledQuantity), `filled of ${order.orderId}`).toBe(
          filled.get(order.orderId) ?? 0n,
        );
        if (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED') {
          const key = `${order.side}:${units(order.price)}`;
          const left = units(order.quantity) - units(order.filledQuantity);
          resting.set(key, (resting.get(key) ?? 0n) + left);
        }
      }
    }
    expect(fillCount).toBeGreaterThan(0);

    const depth = await server.call<DepthSnapshot>(
      'GET',
      '/v1/spot/depth?symbol=BTCUSDT&limit=200',
    );
    expect(depth.code, depth.msg).toBe('0');
    const book = new Map<string, bigint>();
    for (const [price, quantity] of depth.data.bids)
      book.set(`buy:${units(price)}`, units(quantity));
    for (const [price, quantity] of depth.data.asks) {
      book.set(`sell:${units(price)}`, units(quantity));
    }
    expect(book).toEqual(resting);
  });

  it('balances every coin: all accounts together hold the deposits', async () => {
    const store = await openStore({ dataDir });
    try {
      const held = await store.repos.ledger.coinTotals();
      const deposited = BigInt(emails.length) * 100_000_000n;
      expect(held.get('USDT')).toBe(USDT_EACH * deposited);
      expect(held.get('BTC')).toBe(BTC_EACH * deposited);
      await expectLedgerBalanced(store);
    } finally {
      await store.close();
    }
    // The operator's audit of the store the crash left agrees.
    const report: string[] = [];
    const status = await runCli(
      ['audit'],
      { out: (line) => report.push(line), err: (line) => report.push(line) },
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    );
    expect(status, report.join('\n')).toBe(0);
    expect(report).toContainEqual(expect.stringMatching(/^No differences/));
  });
});
