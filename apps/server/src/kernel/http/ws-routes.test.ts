import { ERRORS, SESSION_COOKIE } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverMessage } from '../messages';
import { MailCatcher, STORES, call, startApp, type TestApp } from '../../test/harness';

type Message = Record<string, unknown>;

/** A client socket with an inbox that can be awaited message by message. */
class Client {
  private readonly inbox: Message[] = [];
  private waiting: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      this.inbox.push(JSON.parse(raw.toString('utf8')) as Message);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<Client> {
    const ws = new WebSocket(url, { headers });
    const client = new Client(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async next(timeout_ms = 5000): Promise<Message> {
    const deadline = Date.now() + timeout_ms;
    while (this.inbox.length === 0) {
      if (Date.now() > deadline) throw new Error('no message arrived');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.inbox.shift() ?? {};
  }
}

describe.each(STORES)('the socket /v1/ws on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let base: string;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('answers ping with pong and the server time, and survives bad messages', async () => {
    const client = await Client.open(`${base}/v1/ws?languageType=0`);
    client.send({ op: 'ping' });
    expect(await client.next()).toEqual({ op: 'pong', ts: t.clock.ms });
    for (const bad of ['not json', '[1,2]', 'null', '42']) {
      client.send(bad);
      expect(await client.next()).toEqual({
        op: 'error',
        code: ERRORS.BODY_MALFORMED.code,
        msg: serverMessage('BODY_MALFORMED', 'en'),
      });
    }
    client.send({ op: 'dance' });
    expect(await client.next()).toMatchObject({ op: 'error', code: ERRORS.FIELD_FORMAT.code });
    client.send({ op: 'subscribe', args: 'ticker' });
    expect(await client.next()).toMatchObject({ op: 'error', code: ERRORS.FIELD_FORMAT.code });
    client.send({ op: 'ping' });
    expect(await client.next()).toMatchObject({ op: 'pong' });
    client.ws.close();
  });

  it('authenticates with a session token, with the same codes as the HTTP gate', async () => {
    await call(t.app, 'POST', '/v1/msg/verify-code/send', {
      bizType: 'register',
      email: 'ws@example.com',
    });
    const reg = await call<{ token: string }>(t.app, 'POST', '/v1/user/register/email', {
      email: 'ws@example.com',
      pwd: 'Quay2026pass',
      rePwd: 'Quay2026pass',
      verifyCode: mail.lastCodeFor('ws@example.com'),
    });
    expect(reg.code).toBe('0');

    const client = await Client.open(`${base}/v1/ws?languageType=2`);
    client.send({ op: 'auth', token: 'abcdefghijklmnopqrstuvwxyz' });
    expect(await client.next()).toEqual({
      op: 'auth',
      code: ERRORS.LOGIN_REQUIRED.code,
      msg: serverMessage('LOGIN_REQUIRED', 'ja'),
    });
    client.send({ op: 'auth' });
    expect(await client.next()).toMatchObject({ op: 'auth', code: ERRORS.LOGIN_REQUIRED.code });
    client.send({ op: 'auth', token: reg.data.token });
    expect(await client.next()).toEqual({
      op: 'auth',
      code: '0',
      msg: serverMessage('SUCCESS', 'ja'),
    });

    // A browser cannot read its httpOnly cookie: auth without a token uses the upgrade's session.
    const browser = await Client.open(`${base}/v1/ws?languageType=0`, {
      cookie: `${SESSION_COOKIE}=${reg.data.token}`,
    });
    browser.send({ op: 'auth' });
    expect(await browser.next()).toEqual({
      op: 'auth',
      code: '0',
      msg: serverMessage('SUCCESS', 'en'),
    });
    browser.send({ op: 'auth', token: 'abcdefghijklmnopqrstuvwxyz' });
    expect(await browser.next()).toMatchObject({ op: 'auth', code: ERRORS.LOGIN_REQUIRED.code });
    browser.ws.close();

    await call(t.app, 'POST', '/v1/user/logout', undefined, {
      authorization: `Bearer ${reg.data.token}`,
    });
    client.send({ op: 'auth', token: reg.data.token });
    expect(await client.next()).toMatchObject({ op: 'auth', code: ERRORS.SESSION_REVOKED.code });
    client.ws.close();
  });

  it('refuses channels that do not exist, and serves registered ones', async () => {
    let stopped = 0;
    t.app.channels.register(`test.clock.${store}`, {
      private: false,
      subscribe(context) {
        context.send({ channel: `test.clock.${store}`, data: { tick: 1 } });
        return () => {
          stopped += 1;
        };
      },
    });
    t.app.channels.register(`test.private.${store}`, {
      private: true,
      subscribe: (context) => {
        context.send({ channel: `test.private.${store}`, user: context.user !== null });
        return () => undefined;
      },
    });
    const client = await Client.open(`${base}/v1/ws?languageType=0`);
    client.send({ op: 'subscribe', args: ['ticker.BTCUSDT'] });
    expect(await client.next()).toEqual({
      op: 'error',
      code: '10006',
      msg: serverMessage('FIELD_FORMAT', 'en', { field: 'args' }),
      channel: 'ticker.BTCUSDT',
    });
    client.send({ op: 'subscribe', args: [`test.clock.${store}`, 'nope'] });
    expect(await client.next()).toEqual({
      op: 'subscribe',
      channel: `test.clock.${store}`,
      code: '0',
    });
    expect(await client.next()).toEqual({ channel: `test.clock.${store}`, data: { tick: 1 } });
    expect(await client.next()).toMatchObject({ op: 'error', code: '10006', channel: 'nope' });

    client.send({ op: 'subscribe', args: [`test.private.${store}`] });
    expect(await client.next()).toMatchObject({
      op: 'error',
      code: ERRORS.LOGIN_REQUIRED.code,
      channel: `test.private.${store}`,
    });

    client.send({ op: 'unsubscribe', args: [`test.clock.${store}`] });
    expect(await client.next()).toEqual({
      op: 'unsubscribe',
      channel: `test.clock.${store}`,
      code: '0',
    });
    expect(stopped).toBe(1);
    client.ws.close();
  });

  it('closes a socket that stays silent', async () => {
    const quiet = await startApp(store, { WS_IDLE_S: '1' });
    try {
      const address = (await quiet.app.listen({ port: 0, host: '127.0.0.1' })).replace(
        'http',
        'ws',
      );
      const client = await Client.open(`${address}/v1/ws`);
      // Pings keep it open past the idle limit...
      for (let i = 0; i < 3; i += 1) {
        await new Promise((r) => setTimeout(r, 500));
        client.send({ op: 'ping' });
        expect(await client.next()).toMatchObject({ op: 'pong' });
      }
      // ...silence does not.
      const started = Date.now();
      expect(await client.closed).toEqual({ code: 4000, reason: 'idle' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      await quiet.close();
    }
  });

  it('lets a request in flight finish, closes sockets and stops listening on shutdown', async () => {
    let arrived: () => void = () => undefined;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    const doomed = await startApp(
      store,
      {},
      {
        beforeReady(app) {
          app.get('/v1/test/slow', async () => {
            arrived();
            await new Promise((r) => setTimeout(r, 300));
            return { done: true };
          });
        },
      },
    );
    const http = await doomed.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await Client.open(`${http.replace('http', 'ws')}/v1/ws`);
    const inFlight = fetch(`${http}/v1/test/slow`);
    await slowArrived;
    await doomed.close();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await client.closed;
    expect(client.ws.readyState).toBe(WebSocket.CLOSED);
    await expect(fetch(`${http}/health`)).rejects.toThrow();
  });
});
