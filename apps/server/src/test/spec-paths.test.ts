/**
 * The product specification's tables of paths (section 7: the signed calls
 * with their fields, and the paths that carry the device token; section 2:
 * the screens that stay reachable in simulation mode), walked one by one:
 * each is answered by a real handler of this server (or a page of the web
 * app), and signed or token-checked exactly as the spec lists it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAppPath } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsDeviceToken, needsSignature } from '../kernel/gateway/gateway-service';
import { startApp, type TestApp } from './harness';

type Method = 'GET' | 'POST';

/** Section 7, "Signed calls and the payload fields signed": each row's paths on this server. */
const SIGNED_CALLS: ReadonlyArray<{ row: string; paths: readonly string[]; method?: Method }> = [
  {
    row: '/v1/user/agency/login, /v1/user/login',
    paths: ['/v1/user/agency/login', '/v1/user/login'],
  },
  { row: '/v1/user/login/verify-auth-login', paths: ['/v1/user/login/verify-auth-login'] },
  { row: '/v1/user/register/mobile', paths: ['/v1/user/register/mobile'] },
  { row: '/v1/user/register/email', paths: ['/v1/user/register/email'] },
  { row: '/v1/user/register/mobileAndEmail', paths: ['/v1/user/register/mobileAndEmail'] },
  {
    row: 'verify-login (agency, user, v2) and third/securityVerify',
    paths: [
      '/v1/user/agency/verify-login',
      '/v1/user/login/verify-login',
      '/v1/user/login/verify-login-v2',
      '/v1/user/third/securityVerify',
    ],
  },
  {
    row: '/v1/user/login/verifySystemLogin and its -v2 variant',
    paths: ['/v1/user/login/verifySystemLogin', '/v1/user/login/verifySystemLogin-v2'],
  },
  {
    row: '/v1/user/sub/switLogin, switchWeb, switchApp',
    paths: ['/v1/user/sub/switLogin', '/v1/user/sub/switchWeb', '/v1/user/sub/switchApp'],
  },
  { row: 'third-party register, apple', paths: ['/v1/user/third/register/apple'] },
  { row: 'third-party register, google', paths: ['/v1/user/third/register/google'] },
  { row: 'third-party register, wallet', paths: ['/v1/user/third/register/wallet'] },
  { row: 'third-party register, tg', paths: ['/v1/user/third/register/tg'] },
  { row: 'tg generateVirtual', paths: ['/v1/user/tg/generateVirtual'] },
  { row: 'tg sign', paths: ['/v1/user/tg/sign'] },
  { row: 'tg checkUserExit', paths: ['/v1/user/tg/checkUserExit'] },
  { row: 'tg signV2', paths: ['/v1/user/tg/signV2'] },
  { row: 'third/check', paths: ['/v1/user/third/check'] },
  { row: 'third/bind/check', paths: ['/v1/user/third/bind/check'] },
  { row: 'oauth/sign', paths: ['/v1/user/oauth/sign'] },
  { row: 'wallet/sign', paths: ['/v1/user/wallet/sign'] },
  { row: 'wallet/check', paths: ['/v1/user/wallet/check'] },
  { row: 'bind/choose', paths: ['/v1/user/bind/choose'] },
  { row: '/v1/user/public/getQrKeyStatus', paths: ['/v1/user/public/getQrKeyStatus'] },
];

/** Section 7, "Paths that require the device token header", item by item. */
const DEVICE_TOKEN_PATHS: ReadonlyArray<{
  item: string;
  paths: readonly string[];
  method?: Method;
}> = [
  { item: 'login', paths: ['/v1/user/login'] },
  {
    item: 'verify-login',
    paths: ['/v1/user/login/verify-login', '/v1/user/login/verify-login-v2'],
  },
  {
    item: 'register by mobile or email',
    paths: [
      '/v1/user/register/mobile',
      '/v1/user/register/email',
      '/v1/user/register/mobileAndEmail',
    ],
  },
  {
    item: 'sub-account switch (login, web, app)',
    paths: ['/v1/user/sub/switLogin', '/v1/user/sub/switchWeb', '/v1/user/sub/switchApp'],
  },
  {
    item: 'third-party register for apple, google, telegram and wallet',
    paths: [
      '/v1/user/third/register/apple',
      '/v1/user/third/register/google',
      '/v1/user/third/register/tg',
      '/v1/user/third/register/wallet',
    ],
  },
  { item: 'bind choose', paths: ['/v1/user/bind/choose'] },
  {
    item: 'agency login and verify',
    paths: ['/v1/user/agency/login', '/v1/user/agency/verify-login'],
  },
  {
    item: 'related third-party sign, check and oauth paths',
    paths: [
      '/v1/user/tg/sign',
      '/v1/user/tg/signV2',
      '/v1/user/wallet/sign',
      '/v1/user/third/check',
      '/v1/user/third/bind/check',
      '/v1/user/tg/checkUserExit',
      '/v1/user/wallet/check',
      '/v1/user/oauth/sign',
    ],
  },
  { item: 'set-no-pwd-flag', paths: ['/v1/user/set-no-pwd-flag'] },
  { item: 'fido2 start register', paths: ['/v1/user/fido2/start-register'] },
  { item: 'red packet create', paths: ['/v1/red-packet/create'] },
  {
    item: 'web3 swap get-sign and withdraw',
    paths: ['/v1/web3/swap/get-sign', '/v1/web3/swap/withdraw'],
  },
  { item: 'p2p edit/publish adv', paths: ['/v1/p2p/adv/edit', '/v1/p2p/adv/publish'] },
  { item: 'confirm put coin', paths: ['/v1/p2p/order/confirm-put-coin'] },
  { item: 'add payment method', paths: ['/v1/p2p/payment-method/add'] },
  {
    item: 'spot withdraw and batch withdraw query',
    paths: ['/v1/asset/withdraw', '/v1/asset/batch-withdraw/query'],
  },
  { item: 'message verify-code send', paths: ['/v1/msg/verify-code/send'] },
  { item: 'QR key status query', paths: ['/v1/user/public/getQrKeyStatus'] },
  {
    item: 'system login and verification',
    paths: ['/v1/user/login/verifySystemLogin', '/v1/user/login/verifySystemLogin-v2'],
  },
  { item: 'pre-check', paths: ['/v1/user/login/pre-check'] },
];

/** Section 2's table of screens reachable in simulation mode; a prefix row walks its pages. */
const SCREENS: readonly string[] = [
  '/fee',
  '/vip/detail',
  '/vip/vipIntroduce',
  '/account/setting',
  '/account/newapi',
  '/account/sub-account',
  '/spot/BTCUSDT',
  '/futures/usdt/BTCUSDT',
  '/transac',
  '/order/marginOrderInfo/1',
  '/order/mcp',
  '/asset',
  '/asset/spot',
  '/asset/margin',
  '/asset/futures',
  '/record/exchange',
  '/record/margin',
  '/record/mcp',
  '/subaccount/setting',
  '/subaccount/setting/antiphishing',
  '/subaccount/setting/devices',
  '/subaccount/setting/history',
  '/subaccount/setting/api',
  '/modifyverification',
  '/download',
  '/proof-of-reserves',
  '/protection-fund',
  '/trade-spot',
  '/trade-margin',
  '/trade-swap',
  '/trade-info',
  '/trade-asset-order',
  '/trade-asset',
];

describe('every path of the specification’s tables', () => {
  let t: TestApp;
  let dist = '';
  beforeAll(async () => {
    // The built web app stands in as one page: the server answers a screen with it, anything else 404.
    dist = mkdtempSync(join(tmpdir(), 'quay-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quay</title>');
    t = await startApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const answered = (path: string) =>
    t.app.hasRoute({ method: 'POST', url: path }) || t.app.hasRoute({ method: 'GET', url: path });

  it.each(SIGNED_CALLS.flatMap(({ row, paths }) => paths.map((path) => [row, path])))(
    'signed call "%s": %s has a handler and is signed',
    (_row, path) => {
      expect(answered(path), path).toBe(true);
      expect(needsSignature(path), path).toBe(true);
    },
  );

  it.each(DEVICE_TOKEN_PATHS.flatMap(({ item, paths }) => paths.map((path) => [item, path])))(
    'device-token path "%s": %s has a handler and asks for the token',
    (_item, path) => {
      expect(answered(path), path).toBe(true);
      expect(needsDeviceToken(path), path).toBe(true);
    },
  );

  it('answers every screen of the simulation allow-list with a page of the web app', () => {
    const missing = SCREENS.filter((path) => !isAppPath(path));
    expect(missing).toEqual([]);
  });

  it('serves the web app at those paths, not the not-found answer', async () => {
    for (const path of SCREENS) {
      const answer = await t.app.inject({ method: 'GET', url: path });
      expect(answer.statusCode, path).toBe(200);
      expect(answer.body, path).toContain('<title>Quay</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/trade-nothing' })).statusCode).toBe(404);
  });
});
