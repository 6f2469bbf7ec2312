/**
 * P2P beyond the plain flow, through the app on SQLite and PostgreSQL: the
 * chat pushed over the private WebSocket channel to the order's two parties
 * only, images checked by their bytes and size, appeal evidence shown to the
 * operator's command line, ad editing with the escrow following the total,
 * counterparty requirements, feedback and the merchant figures, and the race
 * of a release and an appeal at the same moment; every coin conserved.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@quay/core';
import {
  P2P_CHANNELS,
  P2P_CHAT_IMAGES_MAX,
  P2P_IMAGE_MAX_BYTES,
  type P2pAd,
  type P2pFile,
  type P2pMerchant,
  type P2pMessage,
  type P2pOrder,
  type P2pOrderPush,
  type P2pPaymentMethod,
} from '@quay/core/p2p';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { quay, storeEnv } from '../../test/operator-cli';
import { P2P_ESCROW } from './p2p-jobs';

const Q = '?languageType=0';
const DAY_S = 86_400;

/** A PNG's signature and a few bytes: enough for the type to be read from the bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([4, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const HTML = Buffer.from('<svg onload="alert(1)"></svg>');

interface Socket {
  ws: WebSocket;
  pushes: P2pOrderPush[];
}

describe.each(STORES)('P2P chat, evidence, edits and races on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let base = '';
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const sockets: Socket[] = [];

  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string, query = '') =>
    call<T>(t.app, 'GET', `${path}${Q}${query}`, undefined, bearer(tokens[who] as string));
  const okPost = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await post<T>(who, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const totp = async (who: string) => {
    t.clock.advance(31);
    return generate({ secret: secrets[who] as string, epoch: Math.floor(t.clock.ms / 1000) });
  };
  const balance = async (account: string, coin = 'USDT') => {
    const rows = await t.store.repos.ledger.balancesOf([account]);
    const row = rows.find((r) => r.coin === coin);
    return BigInt(row?.available ?? 0);
  };
  const usdt = (whole: number) => BigInt(whole) * 100_000_000n;
  /** Every USDT there is: users' and the escrow's. */
  const everything = async () => {
    let sum = 0n;
    for (const account of [...Object.values(ids), P2P_ESCROW]) sum += await balance(account);
    return sum;
  };

  const listen = async (who: string): Promise<Socket> => {
    const ws = new WebSocket(`${base}/v1/ws${Q}`, { headers: bearer(tokens[who] as string) });
    const inbox: Record<string, unknown>[] = [];
    const socket: Socket = { ws, pushes: [] };
    ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      inbox.push(message);
      if (message.op === 'push' && message.channel === P2P_CHANNELS.orders) {
        socket.pushes.push(message.data as P2pOrderPush);
      }
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ op: 'auth' }));
    await until(() => inbox.some((m) => m.op === 'auth' && m.code === '0'));
    ws.send(JSON.stringify({ op: 'subscribe', args: [P2P_CHANNELS.orders] }));
    await until(() => inbox.some((m) => m.op === 'subscribe'));
    sockets.push(socket);
    return socket;
  };
  const until = async (ok: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const lines = (socket: Socket, orderId: string) =>
    socket.pushes.filter((p) => p.orderId === orderId).flatMap((p) => p.messages);

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
    });
    for (const [who, deposit] of [
      ['seller', '10000'],
      ['buyer', '1000'],
      ['other', '1000'],
    ] as const) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `p2pc-${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      ids[who] = session.userRowId;
      await t.app.services.ledger.deposit(session.userRowId, 'USDT', deposit, 'test');
      const setup = await post<{ secret: string }>(who, '/v1/user/security/google/setup', {});
      secrets[who] = setup.data.secret;
      await okPost(who, '/v1/user/security/modify', {
        factor: 'google',
        enable: true,
        newGoogleCode: await totp(who),
      });
    }
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await t?.close();
    await mail?.stop();
  });

  let method: P2pPaymentMethod;
  let ad: P2pAd;
  const adBody = (extra: Record<string, unknown> = {}) => ({
    side: 'sell',
    coin: 'USDT',
    fiat: 'USD',
    priceType: 'fixed',
    price: '1.00',
    total: '1000',
    minFiat: '10',
    maxFiat: '500',
    paymentMethodIds: [method.id],
    timeLimitMin: 15,
    terms: '<p>Bank transfer only.</p>',
    ...extra,
  });
  const open = (who: string, amount: string, advId = ad.id) =>
    okPost<P2pOrder>(who, '/v1/p2p/order/open', { advId, amount });
  const release = async (orderId: string) =>
    post<P2pOrder>('seller', '/v1/p2p/order/confirm-put-coin', {
      orderId,
      googleCode: await totp('seller'),
    });

  it('pushes the chat and each state change to the two parties only', async () => {
    method = await okPost('seller', '/v1/p2p/payment-method/add', {
      kind: 'bank',
      name: 'Wise',
      account: 'S. Eller 87654321',
      googleCode: await totp('seller'),
    });
    ad = await okPost<P2pAd>('seller', '/v1/p2p/adv/publish', adBody());
    const seller = await listen('seller');
    const buyer = await listen('buyer');
    const stranger = await listen('other');

    const order = await open('buyer', '100');
    await until(() => lines(seller, order.id).length === 1);
    expect(lines(seller, order.id)[0]).toMatchObject({ from: 'system', text: 'unpaid' });

    await okPost('buyer', '/v1/p2p/order/message', { orderId: order.id, text: 'Sending now' });
    await until(() => lines(seller, order.id).length === 2 && lines(buyer, order.id).length === 2);
    expect(lines(seller, order.id)[1]).toMatchObject({ from: 'buyer', text: 'Sending now' });

    const image = await okPost<P2pMessage>('buyer', '/v1/p2p/order/image', {
      orderId: order.id,
      data: PNG.toString('base64'),
    });
    expect(image).toMatchObject({ from: 'buyer', text: '' });
    expect(image.imageId).not.toBe('');
    await until(() => lines(seller, order.id).some((m) => m.imageId === image.imageId));
    const file = await get<P2pFile>(
      'seller',
      '/v1/p2p/order/file',
      `&orderId=${order.id}&fileId=${image.imageId}`,
    );
    expect(file.data).toEqual({
      id: image.imageId,
      type: 'image/png',
      data: PNG.toString('base64'),
    });

    await okPost('buyer', '/v1/p2p/order/paid', { orderId: order.id });
    await until(() => lines(buyer, order.id).some((m) => m.text === 'paid'));
    expect((await release(order.id)).code).toBe('0');
    await until(() => lines(buyer, order.id).some((m) => m.text === 'completed'));
    const pushed = lines(buyer, order.id).map((m) => [m.from, m.text]);
    expect(pushed).toEqual([
      ['system', 'unpaid'],
      ['buyer', 'Sending now'],
      ['buyer', ''],
      ['system', 'paid'],
      ['system', 'completed'],
    ]);
    expect(buyer.pushes.at(-1)?.status).toBe('completed');

    // The third user heard nothing, and reads neither the order, its chat, its images nor its details.
    expect(stranger.pushes).toEqual([]);
    for (const [path, query] of [
      ['/v1/p2p/order', `&orderId=${order.id}`],
      ['/v1/p2p/order/messages', `&orderId=${order.id}`],
      ['/v1/p2p/order/file', `&orderId=${order.id}&fileId=${image.imageId}`],
    ] as const) {
      const answer = await get('other', path, query);
      expect(answer.code, path).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
      expect(JSON.stringify(answer)).not.toContain('87654321');
    }
    const intruder = await post('other', '/v1/p2p/order/message', {
      orderId: order.id,
      text: 'hi',
    });
    expect(intruder.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    const intruderImage = await post('other', '/v1/p2p/order/image', {
      orderId: order.id,
      data: PNG.toString('base64'),
    });
    expect(intruderImage.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    expect(stranger.pushes).toEqual([]);

    // Each step is also mailed to both sides.
    for (const who of ['buyer', 'seller']) {
      const about = () =>
        mail.mailsTo(`p2pc-${who}@example.com`).filter((m) => m.subject.includes(order.id));
      await until(() => about().length === 3);
      // Mails travel on their own: they may arrive in another order than the steps.
      expect(about().map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          `P2P order ${order.id}: awaiting payment`,
          `P2P order ${order.id}: paid, awaiting release`,
          `P2P order ${order.id}: completed`,
        ]),
      );
      expect(about().find((m) => m.subject.endsWith('awaiting payment'))?.text).toContain(
        '100 USDT for 100.00 USD',
      );
    }
    expect(mail.mailsTo('p2pc-other@example.com').some((m) => m.subject.includes(order.id))).toBe(
      false,
    );
    await expectLedgerBalanced(t.store);
  });

  it('takes PNG, JPEG and WebP images by their bytes, within the size limit, and nothing else', async () => {
    const order = await open('buyer', '20');
    const send = (data: string) =>
      post<P2pMessage>('buyer', '/v1/p2p/order/image', { orderId: order.id, data });
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const sent = await send(bytes.toString('base64'));
      expect(sent.code, sent.msg).toBe('0');
      const file = await get<P2pFile>(
        'buyer',
        '/v1/p2p/order/file',
        `&orderId=${order.id}&fileId=${sent.data.imageId}`,
      );
      expect(file.data.type).toBe(type);
    }
    const before = (
      await get<P2pMessage[]>('buyer', '/v1/p2p/order/messages', `&orderId=${order.id}`)
    ).data.length;
    const tooBig = Buffer.concat([PNG, Buffer.alloc(P2P_IMAGE_MAX_BYTES + 1 - PNG.length)]);
    for (const data of [
      GIF.toString('base64'),
      HTML.toString('base64'),
      tooBig.toString('base64'),
      'not base64 at all!',
    ]) {
      const refused = await send(data);
      expect(refused.code).toBe(ERRORS.P2P_IMAGE_INVALID.code);
      expect(refused.msg).toContain('1024');
    }
    const after = (
      await get<P2pMessage[]>('buyer', '/v1/p2p/order/messages', `&orderId=${order.id}`)
    ).data.length;
    expect(after).toBe(before);
    // At most P2P_CHAT_IMAGES_MAX images per side and order (two sent above).
    for (let i = 2; i < P2P_CHAT_IMAGES_MAX; i++) {
      expect((await send(PNG.toString('base64'))).code).toBe('0');
    }
    const over = await send(PNG.toString('base64'));
    expect(over.code).toBe(ERRORS.P2P_CHAT_IMAGE_LIMIT.code);
    const sellerImage = await post('seller', '/v1/p2p/order/image', {
      orderId: order.id,
      data: PNG.toString('base64'),
    });
    expect(sellerImage.code).toBe('0');
    const messages = await get<P2pMessage[]>(
      'buyer',
      '/v1/p2p/order/messages',
      `&orderId=${order.id}`,
    );
    expect(messages.data.length).toBe(after + P2P_CHAT_IMAGES_MAX - 2 + 1);
    await okPost('buyer', '/v1/p2p/order/cancel', { orderId: order.id });
  });

  it('keeps appeal evidence for the operator, who lists and saves it', async () => {
    const order = await open('other', '30');
    const evidence = (who: string, data = PNG.toString('base64')) =>
      post<P2pOrder>(who, '/v1/p2p/order/evidence', { orderId: order.id, data });
    expect((await evidence('other')).code).toBe(ERRORS.P2P_ORDER_STATE.code);
    await okPost('other', '/v1/p2p/order/paid', { orderId: order.id });
    await okPost('other', '/v1/p2p/order/appeal', {
      orderId: order.id,
      reason: 'Paid, no release',
    });
    expect((await evidence('other', GIF.toString('base64'))).code).toBe(
      ERRORS.P2P_IMAGE_INVALID.code,
    );
    expect((await evidence('buyer')).code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    const withProof = await evidence('other');
    expect(withProof.code, withProof.msg).toBe('0');
    t.clock.advance(1);
    const both = await okPost<P2pOrder>('seller', '/v1/p2p/order/evidence', {
      orderId: order.id,
      data: JPEG.toString('base64'),
    });
    expect(both.evidence.map((e) => e.from)).toEqual(['buyer', 'seller']);
    for (let i = 1; i < 6; i++)
      await okPost('other', '/v1/p2p/order/evidence', {
        orderId: order.id,
        data: PNG.toString('base64'),
      });
    const seventh = await evidence('other');
    expect(seventh.code).toBe(ERRORS.P2P_EVIDENCE_LIMIT.code);

    const env = storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl });
    const shown = await quay(['p2p', 'appeal', order.id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Paid, no release');
    expect(shown.stdout).toContain('evidence (7)');
    expect(shown.stdout).toMatch(/ buyer image\/png 12 bytes/);
    expect(shown.stdout).toMatch(/ seller image\/jpeg 10 bytes/);
    const folder = mkdtempSync(join(tmpdir(), 'quay-evidence-'));
    const saved = await quay(['p2p', 'appeal', order.id, 'save', folder], env);
    expect(saved.code, saved.stderr).toBe(0);
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(7);
    const jpeg = files.find((f) => f.endsWith('.jpeg')) as string;
    expect(readFileSync(join(folder, jpeg))).toEqual(JPEG);

    const decided = await quay(['p2p', 'appeal', order.id, 'refund'], env);
    expect(decided.code, decided.stderr).toBe(0);
    await t.app.services.p2pOrders.tickNow();
    expect(
      (await get<P2pOrder>('other', '/v1/p2p/order', `&orderId=${order.id}`)).data.status,
    ).toBe('cancelled');
    await expectLedgerBalanced(t.store);
  });

  it('resolves a release and an appeal at the same moment to one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await open('buyer', '10');
      await okPost('buyer', '/v1/p2p/order/paid', { orderId: order.id });
      const buyerBefore = await balance(ids.buyer as string);
      const total = await everything();
      const code = await totp('seller');
      const [released, appealed] = await Promise.all([
        post<P2pOrder>('seller', '/v1/p2p/order/confirm-put-coin', {
          orderId: order.id,
          googleCode: code,
        }),
        post<P2pOrder>('buyer', '/v1/p2p/order/appeal', { orderId: order.id, reason: 'Now!' }),
      ]);
      // The release always wins (a seller may release an appealed order); the appeal came
      // first or was refused, never both ways.
      expect(released.code, released.msg).toBe('0');
      expect(['0', ERRORS.P2P_ORDER_STATE.code]).toContain(appealed.code);
      const final = (await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`)).data;
      expect(final.status).toBe('completed');
      expect(await balance(ids.buyer as string)).toBe(buyerBefore + usdt(10));
      expect(await everything()).toBe(total);
    }
    // An operator's refund and the seller's release at the same moment: one of the two.
    const order = await open('buyer', '10');
    await okPost('buyer', '/v1/p2p/order/paid', { orderId: order.id });
    await okPost('buyer', '/v1/p2p/order/appeal', { orderId: order.id, reason: 'Help' });
    const escrow = await balance(P2P_ESCROW);
    const buyerBefore = await balance(ids.buyer as string);
    expect(await t.store.repos.p2p.decide(order.id, 'refund')).toBe(true);
    const code = await totp('seller');
    const [released] = await Promise.all([
      post<P2pOrder>('seller', '/v1/p2p/order/confirm-put-coin', {
        orderId: order.id,
        googleCode: code,
      }),
      t.app.services.p2pOrders.tickNow(),
    ]);
    const final = (await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`)).data;
    if (released.code === '0') {
      expect(final.status).toBe('completed');
      expect(await balance(ids.buyer as string)).toBe(buyerBefore + usdt(10));
      expect(await balance(P2P_ESCROW)).toBe(escrow - usdt(10));
    } else {
      expect(released.code).toBe(ERRORS.P2P_ORDER_STATE.code);
      expect(final).toMatchObject({ status: 'cancelled', cancelReason: 'appeal' });
      expect(await balance(ids.buyer as string)).toBe(buyerBefore);
      // Refunded to the open ad: the coins stay in escrow for it.
      expect(await balance(P2P_ESCROW)).toBe(escrow);
    }
    await expectLedgerBalanced(t.store);
  });

  it("edits an ad; a sell ad's escrow follows its new total, refusals change nothing", async () => {
    const small = await okPost<P2pAd>('seller', '/v1/p2p/adv/publish', adBody({ total: '100' }));
    const order = await open('buyer', '30', small.id);
    const sellerBefore = await balance(ids.seller as string);
    const escrowBefore = await balance(P2P_ESCROW);
    const edit = (extra: Record<string, unknown>) => {
      const { side: _s, coin: _c, fiat: _f, ...rest } = adBody({ total: '100', ...extra });
      return post<P2pAd>('seller', '/v1/p2p/adv/edit', { advId: small.id, ...rest });
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ total: '20' }, ERRORS.P2P_AD_TOTAL_TOO_LOW.code],
      [{ price: '1.50' }, ERRORS.P2P_PRICE_INVALID.code],
      [{ terms: '<img src=x onerror=alert(1)>' }, ERRORS.P2P_TERMS_INVALID.code],
      [{ minFiat: '600' }, ERRORS.P2P_AD_INVALID.code],
      [{ paymentMethodIds: ['nope'] }, ERRORS.P2P_PAYMENT_METHOD_INVALID.code],
      [{ total: '100000' }, ERRORS.INSUFFICIENT_BALANCE.code],
      [{ minRegisteredDays: -1 }, ERRORS.FIELD_FORMAT.code],
    ];
    for (const [extra, code] of cases) {
      const answer = await edit(extra);
      expect(answer.code, JSON.stringify(extra)).toBe(code);
    }
    const theirs = await post('other', '/v1/p2p/adv/edit', {
      ...(({ side: _s, coin: _c, fiat: _f, ...rest }) => rest)(adBody()),
      advId: small.id,
    });
    expect(theirs.code).toBe(ERRORS.P2P_AD_NOT_FOUND.code);
    expect((await t.store.repos.p2p.ad(small.id))?.total).toBe(usdt(100).toString());
    expect(await balance(ids.seller as string)).toBe(sellerBefore);

    const shrunk = (await edit({ total: '50', price: '0.99', terms: '<p>Wise <b>only</b></p>' }))
      .data;
    expect(shrunk).toMatchObject({ total: '50', remaining: '20', price: '0.99' });
    expect(shrunk.terms).toBe('<p>Wise <b>only</b></p>');
    expect(await balance(ids.seller as string)).toBe(sellerBefore + usdt(50));
    expect(await balance(P2P_ESCROW)).toBe(escrowBefore - usdt(50));
    const grown = (await edit({ total: '230' })).data;
    expect(grown).toMatchObject({ total: '230', remaining: '200' });
    expect(await balance(ids.seller as string)).toBe(sellerBefore - usdt(130));
    // The live order keeps its price and amount.
    const live = (await get<P2pOrder>('buyer', '/v1/p2p/order', `&orderId=${order.id}`)).data;
    expect(live).toMatchObject({ amount: '30', price: '1.00', status: 'unpaid' });
    await okPost('buyer', '/v1/p2p/order/cancel', { orderId: order.id });
    await okPost('seller', '/v1/p2p/adv/close', { advId: small.id });
    await expectLedgerBalanced(t.store);
  });

  it('enforces the counterparty requirements of an ad at order opening', async () => {
    const strict = await okPost<P2pAd>(
      'seller',
      '/v1/p2p/adv/publish',
      adBody({ total: '100', minRegisteredDays: 2, minCompletedOrders: 1 }),
    );
    expect(strict).toMatchObject({ minRegisteredDays: 2, minCompletedOrders: 1 });
    const before = await balance(P2P_ESCROW);
    // 'buyer' has completed orders but a young account; 'other' neither enough.
    for (const who of ['buyer', 'other']) {
      const refused = await post(who, '/v1/p2p/order/open', { advId: strict.id, amount: '20' });
      expect(refused.code).toBe(ERRORS.P2P_REQUIREMENTS_UNMET.code);
      expect(refused.msg).toContain('2 days');
    }
    expect(await balance(P2P_ESCROW)).toBe(before);
    t.clock.advance(2 * DAY_S);
    const taken = await open('buyer', '20', strict.id);
    expect(taken.status).toBe('unpaid');
    const stillNot = await post('other', '/v1/p2p/order/open', { advId: strict.id, amount: '20' });
    expect(stillNot.code).toBe(ERRORS.P2P_REQUIREMENTS_UNMET.code);
    await okPost('buyer', '/v1/p2p/order/cancel', { orderId: taken.id });
    await okPost('seller', '/v1/p2p/adv/close', { advId: strict.id });
    await expectLedgerBalanced(t.store);
  });

  it('takes feedback once per side after a completed order; the merchant figures show it', async () => {
    const order = await open('buyer', '40');
    const early = await post('buyer', '/v1/p2p/order/feedback', {
      orderId: order.id,
      positive: true,
    });
    expect(early.code).toBe(ERRORS.P2P_ORDER_STATE.code);
    t.clock.advance(120);
    await okPost('buyer', '/v1/p2p/order/paid', { orderId: order.id });
    expect((await release(order.id)).code).toBe('0');
    const given = await okPost<P2pOrder>('buyer', '/v1/p2p/order/feedback', {
      orderId: order.id,
      positive: true,
      comment: 'Fast release',
    });
    expect(given.myFeedback).toBe('positive');
    const twice = await post('buyer', '/v1/p2p/order/feedback', {
      orderId: order.id,
      positive: false,
    });
    expect(twice.code).toBe(ERRORS.P2P_ORDER_STATE.code);
    const stranger = await post('other', '/v1/p2p/order/feedback', {
      orderId: order.id,
      positive: false,
    });
    expect(stranger.code).toBe(ERRORS.P2P_ORDER_NOT_FOUND.code);
    await okPost('seller', '/v1/p2p/order/feedback', { orderId: order.id, positive: false });

    const seller = (
      await call<P2pMerchant>(t.app, 'GET', `/v1/p2p/merchant${Q}&userId=${ids.seller}`)
    ).data;
    expect(seller).toMatchObject({ positiveRate: '100.00', feedbackCount: 1 });
    expect(seller.registeredDays).toBe(2);
    expect(Number(seller.avgReleaseMin)).toBeGreaterThan(0);
    const buyer = (
      await call<P2pMerchant>(t.app, 'GET', `/v1/p2p/merchant${Q}&userId=${ids.buyer}`)
    ).data;
    expect(buyer).toMatchObject({ positiveRate: '0.00', feedbackCount: 1 });
    expect(Number(buyer.avgPayMin)).toBeGreaterThan(0);
  });
});
