/**
 * The OpenAPI description at /docs/json: every /v1 operation, and the
 * request and answer schemas of the trading and asset routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startApp, type TestApp } from '../../test/harness';

/** Every operation the server documents, by method and path. */
const OPERATIONS = [
  'GET /api/v2/margin/crossed/account/assets',
  'GET /api/v2/margin/currencies',
  'GET /api/v2/margin/isolated/account/assets',
  'GET /api/v2/mix/account/account',
  'GET /api/v2/mix/account/accounts',
  'GET /api/v2/mix/market/candles',
  'GET /api/v2/mix/market/contracts',
  'GET /api/v2/mix/market/current-fund-rate',
  'GET /api/v2/mix/market/fills',
  'GET /api/v2/mix/market/fills-history',
  'GET /api/v2/mix/market/merge-depth',
  'GET /api/v2/mix/market/open-interest',
  'GET /api/v2/mix/market/ticker',
  'GET /api/v2/mix/market/tickers',
  'GET /api/v2/mix/order/detail',
  'GET /api/v2/mix/order/fills',
  'GET /api/v2/mix/order/orders-history',
  'GET /api/v2/mix/order/orders-pending',
  'GET /api/v2/mix/order/orders-plan-pending',
  'GET /api/v2/mix/position/all-position',
  'GET /api/v2/mix/position/single-position',
  'GET /api/v2/spot/account/assets',
  'GET /api/v2/spot/market/candles',
  'GET /api/v2/spot/market/fills',
  'GET /api/v2/spot/market/fills-history',
  'GET /api/v2/spot/market/orderbook',
  'GET /api/v2/spot/market/tickers',
  'GET /api/v2/spot/public/coins',
  'GET /api/v2/spot/public/symbols',
  'GET /api/v2/spot/trade/fills',
  'GET /api/v2/spot/trade/history-orders',
  'GET /api/v2/spot/trade/orderInfo',
  'GET /api/v2/spot/trade/unfilled-orders',
  'GET /api/v2/spot/wallet/deposit-address',
  'GET /v1/asset/balances',
  'GET /v1/asset/coins',
  'GET /v1/asset/deposit-address',
  'GET /v1/asset/records',
  'GET /v1/asset/valuation',
  'GET /v1/constantid/udid/c1',
  'GET /v1/earn/earnings',
  'GET /v1/earn/holdings',
  'GET /v1/earn/products',
  'GET /v1/earn/records',
  'GET /v1/fee/schedule',
  'GET /v1/fee/vip',
  'GET /v1/futures/account',
  'GET /v1/futures/bills',
  'GET /v1/futures/depth',
  'GET /v1/futures/fills',
  'GET /v1/futures/funding-history',
  'GET /v1/futures/funding-rates',
  'GET /v1/futures/klines',
  'GET /v1/futures/mark',
  'GET /v1/futures/markets',
  'GET /v1/futures/orders/history',
  'GET /v1/futures/orders/open',
  'GET /v1/futures/plans/history',
  'GET /v1/futures/plans/open',
  'GET /v1/futures/positions',
  'GET /v1/futures/protection-fund',
  'GET /v1/futures/settings',
  'GET /v1/futures/tickers',
  'GET /v1/futures/trades',
  'GET /v1/margin/account',
  'GET /v1/margin/accounts',
  'GET /v1/margin/config',
  'GET /v1/margin/max-borrowable',
  'GET /v1/margin/max-transferable',
  'GET /v1/margin/notices',
  'GET /v1/margin/order',
  'GET /v1/margin/orders/history',
  'GET /v1/margin/orders/open',
  'GET /v1/margin/records',
  'GET /v1/mix/config/gatewaySignConfig',
  'GET /v1/p2p/adv/mine',
  'GET /v1/p2p/advs',
  'GET /v1/p2p/merchant',
  'GET /v1/p2p/order',
  'GET /v1/p2p/order/messages',
  'GET /v1/p2p/orders',
  'GET /v1/p2p/payment-methods',
  'GET /v1/public/announcements',
  'GET /v1/public/announcements/{id}',
  'GET /v1/public/banners',
  'GET /v1/public/coins',
  'GET /v1/public/currencies',
  'GET /v1/public/help',
  'GET /v1/public/help/{slug}',
  'GET /v1/public/languages',
  'GET /v1/public/legal/{doc}',
  'GET /v1/public/platform-config',
  'GET /v1/public/time',
  'GET /v1/red-packet/info',
  'GET /v1/red-packet/received',
  'GET /v1/red-packet/sent',
  'GET /v1/reserves/history',
  'GET /v1/reserves/latest',
  'GET /v1/reserves/proof',
  'GET /v1/spot/depth',
  'GET /v1/spot/fills',
  'GET /v1/spot/klines',
  'GET /v1/spot/markets',
  'GET /v1/spot/orders/history',
  'GET /v1/spot/orders/open',
  'GET /v1/spot/tickers',
  'GET /v1/spot/trades',
  'GET /v1/user/api-keys/list',
  'GET /v1/user/api-keys/requests',
  'GET /v1/user/login-history',
  'GET /v1/user/overview/userinfo',
  'GET /v1/user/referral/invitees',
  'GET /v1/user/security/factors',
  'GET /v1/user/security/overview',
  'GET /v1/user/security/sessions',
  'GET /v1/user/sub/api-keys/list',
  'GET /v1/user/sub/list',
  'GET /v1/user/sub/login-history',
  'GET /v1/user/sub/settings',
  'GET /v1/user/sub/state',
  'GET /v1/user/sub/transfers',
  'GET /v1/web3/swap/history',
  'GET /v1/web3/swap/pools',
  'GET /v2/ws/private',
  'GET /v2/ws/public',
  'POST /api/v2/margin/crossed/account/borrow',
  'POST /api/v2/margin/crossed/account/repay',
  'POST /api/v2/margin/isolated/account/borrow',
  'POST /api/v2/margin/isolated/account/repay',
  'POST /api/v2/mix/account/set-leverage',
  'POST /api/v2/mix/account/set-margin-mode',
  'POST /api/v2/mix/account/set-position-mode',
  'POST /api/v2/mix/order/cancel-order',
  'POST /api/v2/mix/order/cancel-plan-order',
  'POST /api/v2/mix/order/modify-order',
  'POST /api/v2/mix/order/place-order',
  'POST /api/v2/mix/order/place-plan-order',
  'POST /api/v2/mix/order/place-tpsl-order',
  'POST /api/v2/spot/trade/batch-cancel-order',
  'POST /api/v2/spot/trade/batch-orders',
  'POST /api/v2/spot/trade/cancel-order',
  'POST /api/v2/spot/trade/cancel-symbol-order',
  'POST /api/v2/spot/trade/place-order',
  'POST /api/v2/spot/wallet/transfer',
  'POST /v1/asset/withdraw',
  'POST /v1/asset/withdraw/cancel',
  'POST /v1/buried/log/cspSecurity',
  'POST /v1/constantid/udid/c1',
  'POST /v1/earn/redeem',
  'POST /v1/earn/subscribe',
  'POST /v1/futures/leverage',
  'POST /v1/futures/margin-mode',
  'POST /v1/futures/order/cancel',
  'POST /v1/futures/order/cancel-all',
  'POST /v1/futures/order/place',
  'POST /v1/futures/plan/cancel',
  'POST /v1/futures/plan/place',
  'POST /v1/futures/position-mode',
  'POST /v1/futures/position/close',
  'POST /v1/futures/position/close-all',
  'POST /v1/futures/position/margin',
  'POST /v1/futures/position/tpsl',
  'POST /v1/futures/transfer',
  'POST /v1/margin/borrow',
  'POST /v1/margin/order/cancel',
  'POST /v1/margin/order/cancel-all',
  'POST /v1/margin/order/place',
  'POST /v1/margin/repay',
  'POST /v1/margin/transfer',
  'POST /v1/mix/config/gatewayClientKey',
  'POST /v1/msg/verify-code/send',
  'POST /v1/p2p/adv/close',
  'POST /v1/p2p/adv/pause',
  'POST /v1/p2p/adv/publish',
  'POST /v1/p2p/adv/resume',
  'POST /v1/p2p/order/appeal',
  'POST /v1/p2p/order/cancel',
  'POST /v1/p2p/order/confirm-put-coin',
  'POST /v1/p2p/order/message',
  'POST /v1/p2p/order/open',
  'POST /v1/p2p/order/paid',
  'POST /v1/p2p/payment-method/add',
  'POST /v1/p2p/payment-method/remove',
  'POST /v1/red-packet/claim',
  'POST /v1/red-packet/create',
  'POST /v1/simulation/reset',
  'POST /v1/spot/order/cancel',
  'POST /v1/spot/order/cancel-all',
  'POST /v1/spot/order/place',
  'POST /v1/user/api-keys/create',
  'POST /v1/user/api-keys/delete',
  'POST /v1/user/api-keys/status',
  'POST /v1/user/api-keys/update',
  'POST /v1/user/login',
  'POST /v1/user/login/send-code',
  'POST /v1/user/login/verify-login',
  'POST /v1/user/login/verify-login-v2',
  'POST /v1/user/logout',
  'POST /v1/user/password/forgot/send-code',
  'POST /v1/user/password/forgot/verify',
  'POST /v1/user/password/reset',
  'POST /v1/user/register/email',
  'POST /v1/user/register/mobile',
  'POST /v1/user/security/anti-phishing',
  'POST /v1/user/security/freeze',
  'POST /v1/user/security/google/setup',
  'POST /v1/user/security/modify',
  'POST /v1/user/security/password',
  'POST /v1/user/security/send-code',
  'POST /v1/user/security/sessions/revoke',
  'POST /v1/user/security/sessions/revoke-others',
  'POST /v1/user/sub/anti-phishing',
  'POST /v1/user/sub/api-keys/create',
  'POST /v1/user/sub/api-keys/delete',
  'POST /v1/user/sub/create',
  'POST /v1/user/sub/freeze',
  'POST /v1/user/sub/sessions/revoke',
  'POST /v1/user/sub/switLogin',
  'POST /v1/user/sub/switchApp',
  'POST /v1/user/sub/switchBack',
  'POST /v1/user/sub/switchWeb',
  'POST /v1/user/sub/transfer',
  'POST /v1/user/sub/unfreeze',
  'POST /v1/web3/swap/get-sign',
  'POST /v1/web3/swap/quote',
  'POST /v1/web3/swap/submit',
  'POST /v1/web3/swap/withdraw',
];

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

// The description is the same on every store: one is enough.
describe.each(STORES.slice(0, 1))('the OpenAPI description on %s', (store) => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startApp(store);
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method,
        operation,
      })),
    );

  it('lists every operation, and no other', () => {
    expect(
      operations()
        .map((o) => o.name)
        .sort(),
    ).toEqual(OPERATIONS);
  });

  it('describes the answer of every route, and the request of every trading and asset route', () => {
    for (const { name, operation } of operations()) {
      // A socket upgrade answers no JSON.
      if (name === 'GET /v1/ws' || name.startsWith('GET /v2/ws/')) continue;
      const answer = operation.responses?.['200']?.content?.['application/json']?.schema;
      expect(answer, `${name} answer`).toBeDefined();
    }
    const traded = operations().filter((o) =>
      /^\/v1\/(futures|spot|asset)\//.test(o.name.split(' ')[1] ?? ''),
    );
    expect(traded.length).toBeGreaterThan(40);
    for (const { name, method, operation } of traded) {
      const answer = operation.responses?.['200']?.content?.['application/json']?.schema;
      expect(answer, `${name} answer`).toBeDefined();
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, `${name} query`).toContain('languageType');
      if (method === 'post') {
        expect(
          operation.requestBody?.content?.['application/json']?.schema,
          `${name} body`,
        ).toBeDefined();
      }
    }
  });
});
