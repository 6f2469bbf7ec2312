/**
 * Signed futures routes for productType USDT-FUTURES (Bitget v2): the
 * futures account, positions, leverage, margin and position modes, orders
 * (place, cancel, detail, pending, history) and fills. Everything goes to
 * the same futures service, and so the same single writer, as the web app's.
 * Another product type holds nothing: its lists are empty.
 */
import {
  MARGIN_MODE,
  POSITION_MODE,
  POSITION_SIDE,
  type FuturesOrder,
  type FuturesTimeInForce,
  type PlaceFuturesOrder,
  type PositionSide,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import {
  leverageAnswerOf,
  mixAccountOf,
  mixFillOf,
  mixOrderOf,
  positionOf,
  quaySidesOf,
} from './public-api-bitget';
import {
  clientOidField,
  countField,
  countOf,
  fields,
  isQuayProduct,
  listOf,
  msField,
  orderIdField,
  productTypeField,
  query,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { orderAnswer } from './public-api-spot-orders';

const coinField = { type: 'string', maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };
const holdSideField = { type: 'string', enum: ['long', 'short'] };
const marginModeField = { type: 'string', enum: ['crossed', 'isolated'] };
const FORCES: Record<string, FuturesTimeInForce> = {
  gtc: 'GTC',
  ioc: 'IOC',
  fok: 'FOK',
  post_only: 'POST_ONLY',
};
const HISTORY_PAGE = { pageNo: 1, pageSize: 500, offset: 0, limit: 500 };
const anyObject = { type: 'object', additionalProperties: true };

interface MixPlace {
  symbol: string;
  productType: string;
  marginMode: 'crossed' | 'isolated';
  marginCoin: string;
  size: string;
  price?: string;
  side: 'buy' | 'sell';
  tradeSide?: string;
  orderType: 'limit' | 'market';
  force?: string;
  clientOid?: string;
  reduceOnly?: string;
  presetStopSurplusPrice?: string;
  presetStopLossPrice?: string;
}
interface MixQuery {
  productType: string;
  symbol?: string;
  marginCoin?: string;
  orderId?: string;
  clientOid?: string;
  idLessThan?: string;
  startTime?: string;
  endTime?: string;
  limit?: string;
  status?: string;
}

const holdSideOf = (name: string | undefined): PositionSide | undefined =>
  name === 'long' ? POSITION_SIDE.long : name === 'short' ? POSITION_SIDE.short : undefined;

/** What the futures routes share: the contract a request names, the settlement coin, the modes. */
export function mixHelpers(services: ApiKit['services']) {
  const { futures } = services;
  return {
    /** A USDT-FUTURES perpetual, by its pair (BTCUSDT) or its Quay symbol. */
    perpOf(productType: string, name: string) {
      const market = isQuayProduct(productType)
        ? services.perpMarkets.resolve(name.toUpperCase(), 'real')
        : undefined;
      if (!market) throw appError('MARKET_UNKNOWN');
      return market;
    },
    /** The settlement coin of USDT-FUTURES. */
    coin: () => services.perpMarkets.ofSide('real')[0]?.config.quote ?? 'USDT',
    posModeOf: (userId: string) => futures.accounts.account(userId, 'real').positionMode,
    /** An order trades in the margin mode it names: the contract is switched first when in the other. */
    async ensureMarginMode(userId: string, symbol: string, name: 'crossed' | 'isolated') {
      const mode = name === 'isolated' ? MARGIN_MODE.isolated : MARGIN_MODE.cross;
      if (futures.accounts.settings(userId, symbol, 'real').marginMode !== mode) {
        await futures.accounts.setMarginMode(userId, 'real', { symbol, marginMode: mode });
      }
    },
  };
}

export function mixRoutes({ services, signedGet, signedPost }: ApiKit): void {
  const { futures } = services;
  const { perpOf, coin, posModeOf, ensureMarginMode } = mixHelpers(services);
  const orderOf = (userId: string) => {
    const mode = posModeOf(userId);
    return (o: FuturesOrder) => mixOrderOf(o, coin(), mode);
  };
  const productQuery = (extra: Record<string, object> = {}, required: string[] = []) =>
    query({ productType: productTypeField, symbol: symbolField, marginCoin: coinField, ...extra }, [
      'productType',
      ...required,
    ]);
  const bodyOf = (properties: Record<string, object>, required: string[]) => ({
    type: 'object',
    additionalProperties: false,
    required,
    properties: { productType: productTypeField, marginCoin: coinField, ...properties },
  });

  signedGet<MixQuery>(
    '/mix/account/accounts',
    {
      summary: 'The futures account of a product type',
      input: productQuery(),
      data: listOf(anyObject),
      perSecond: 10,
    },
    async (request, userId) =>
      isQuayProduct(request.query.productType)
        ? [mixAccountOf(futures.accounts.account(userId, 'real'), null)]
        : [],
  );
  signedGet<MixQuery>(
    '/mix/account/account',
    {
      summary: 'The futures account with one contract’s leverage and margin mode',
      input: productQuery({}, ['symbol']),
      data: anyObject,
      perSecond: 10,
    },
    async (request, userId) => {
      const perp = perpOf(request.query.productType, request.query.symbol ?? '');
      const settings = futures.accounts.settings(userId, perp.config.symbol, 'real');
      return mixAccountOf(futures.accounts.account(userId, 'real'), settings);
    },
  );
  const positions = (userId: string, productType: string, symbol: string | undefined) => {
    if (!isQuayProduct(productType)) return [];
    const only = symbol === undefined ? null : perpOf(productType, symbol).config.symbol;
    const mode = posModeOf(userId);
    return futures.trading
      .positions(userId, 'real')
      .filter((p) => only === null || p.symbol === only)
      .map((p) => positionOf(p, coin(), mode));
  };
  signedGet<MixQuery>(
    '/mix/position/all-position',
    {
      summary: 'Every open position of a product type',
      input: productQuery(),
      data: listOf(anyObject),
      perSecond: 5,
    },
    async (request, userId) => positions(userId, request.query.productType, undefined),
  );
  signedGet<MixQuery>(
    '/mix/position/single-position',
    {
      summary: 'The open positions of one contract',
      input: productQuery({}, ['symbol']),
      data: listOf(anyObject),
      perSecond: 10,
    },
    async (request, userId) =>
      positions(userId, request.query.productType, request.query.symbol ?? ''),
  );

  signedPost<{ symbol: string; productType: string; leverage: string; holdSide?: string }>(
    '/mix/account/set-leverage',
    {
      summary: 'Set a contract’s leverage (both sides, or one in hedge mode)',
      input: bodyOf(
        {
          symbol: symbolField,
          leverage: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
          holdSide: holdSideField,
        },
        ['symbol', 'productType', 'leverage'],
      ),
      data: anyObject,
      perSecond: 5,
    },
    async (request, userId) => {
      const perp = perpOf(request.body.productType, request.body.symbol);
      const positionSide = holdSideOf(request.body.holdSide);
      const settings = await futures.accounts.setLeverage(userId, 'real', {
        symbol: perp.config.symbol,
        leverage: Number(request.body.leverage),
        ...(positionSide !== undefined && posModeOf(userId) === POSITION_MODE.hedge
          ? { positionSide }
          : {}),
      });
      return leverageAnswerOf(settings, coin());
    },
  );
  signedPost<{ symbol: string; productType: string; marginMode: 'crossed' | 'isolated' }>(
    '/mix/account/set-margin-mode',
    {
      summary: 'Set a contract’s margin mode (crossed or isolated)',
      input: bodyOf({ symbol: symbolField, marginMode: marginModeField }, [
        'symbol',
        'productType',
        'marginMode',
      ]),
      data: anyObject,
      perSecond: 5,
    },
    async (request, userId) => {
      const perp = perpOf(request.body.productType, request.body.symbol);
      const settings = await futures.accounts.setMarginMode(userId, 'real', {
        symbol: perp.config.symbol,
        marginMode:
          request.body.marginMode === 'isolated' ? MARGIN_MODE.isolated : MARGIN_MODE.cross,
      });
      return leverageAnswerOf(settings, coin());
    },
  );
  signedPost<{ productType: string; posMode: 'one_way_mode' | 'hedge_mode' }>(
    '/mix/account/set-position-mode',
    {
      summary: 'Set the position mode of the futures account',
      input: bodyOf({ posMode: { type: 'string', enum: ['one_way_mode', 'hedge_mode'] } }, [
        'productType',
        'posMode',
      ]),
      data: fields(['posMode']),
      perSecond: 5,
    },
    async (request, userId) => {
      if (!isQuayProduct(request.body.productType)) throw appError('MARKET_UNKNOWN');
      const mode =
        request.body.posMode === 'hedge_mode' ? POSITION_MODE.hedge : POSITION_MODE.oneWay;
      await futures.accounts.setPositionMode(userId, 'real', mode);
      return { posMode: request.body.posMode };
    },
  );

  signedPost<MixPlace>(
    '/mix/order/place-order',
    {
      summary: 'Place a futures order; in hedge mode tradeSide open or close names the position',
      input: bodyOf(
        {
          symbol: symbolField,
          marginMode: marginModeField,
          size: decimalField,
          price: decimalField,
          side: { type: 'string', enum: ['buy', 'sell'] },
          tradeSide: { type: 'string', enum: ['open', 'close', 'Open', 'Close'] },
          orderType: { type: 'string', enum: ['limit', 'market'] },
          force: {
            type: 'string',
            enum: [...Object.keys(FORCES), ...Object.keys(FORCES).map((f) => f.toUpperCase())],
          },
          clientOid: clientOidField,
          reduceOnly: { type: 'string', enum: ['YES', 'NO'] },
          presetStopSurplusPrice: decimalField,
          presetStopLossPrice: decimalField,
        },
        ['symbol', 'productType', 'marginMode', 'marginCoin', 'size', 'side', 'orderType'],
      ),
      data: orderAnswer,
      perSecond: 10,
    },
    async (request, userId) => {
      const body = request.body;
      const perp = perpOf(body.productType, body.symbol);
      if (body.marginCoin.toUpperCase() !== perp.config.quote) throw appError('COIN_UNKNOWN');
      await ensureMarginMode(userId, perp.config.symbol, body.marginMode);
      const order: PlaceFuturesOrder = {
        symbol: perp.config.symbol,
        type: body.orderType,
        quantity: body.size,
        ...quaySidesOf(posModeOf(userId) === POSITION_MODE.hedge, body),
      };
      if (body.orderType === 'limit') {
        if (body.price === undefined) throw appError('FIELD_MISSING', { field: 'price' });
        order.price = body.price;
        order.timeInForce = FORCES[(body.force ?? 'gtc').toLowerCase()] ?? 'GTC';
      }
      if (body.clientOid !== undefined) order.clientOrderId = body.clientOid;
      if (body.presetStopSurplusPrice !== undefined)
        order.takeProfitPrice = body.presetStopSurplusPrice;
      if (body.presetStopLossPrice !== undefined) order.stopLossPrice = body.presetStopLossPrice;
      const placed = await futures.trading.placeOrder(userId, 'real', order);
      return { orderId: placed.orderId, clientOid: placed.clientOrderId };
    },
  );

  /** One of the caller's futures orders, open or closed, by id or client id. */
  const findOrder = async (userId: string, q: MixQuery): Promise<FuturesOrder> => {
    const perp = perpOf(q.productType, q.symbol ?? '');
    if (q.orderId === undefined && q.clientOid === undefined) {
      throw appError('FIELD_MISSING', { field: 'orderId' });
    }
    const match = (o: FuturesOrder) =>
      q.orderId !== undefined ? o.orderId === q.orderId : o.clientOrderId === q.clientOid;
    const open = futures.trading.openOrders(userId, 'real', perp.config.symbol).find(match);
    if (open) return open;
    const page = await futures.records.orderHistory(
      userId,
      'real',
      { symbol: perp.config.symbol },
      HISTORY_PAGE,
    );
    const closed = page.items.find(match);
    if (!closed) throw appError('ORDER_NOT_FOUND');
    return closed;
  };

  signedPost<{ symbol: string; productType: string; orderId?: string; clientOid?: string }>(
    '/mix/order/cancel-order',
    {
      summary: 'Cancel an open futures order by id or client id',
      input: bodyOf({ symbol: symbolField, orderId: orderIdField, clientOid: clientOidField }, [
        'symbol',
        'productType',
      ]),
      data: orderAnswer,
      perSecond: 10,
    },
    async (request, userId) => {
      const order = await findOrder(userId, request.body);
      const cancelled = await futures.trading.cancelOrder(
        userId,
        'real',
        order.symbol,
        order.orderId,
      );
      return { orderId: cancelled.orderId, clientOid: cancelled.clientOrderId };
    },
  );
  signedGet<MixQuery>(
    '/mix/order/detail',
    {
      summary: 'One futures order, open or closed, by id or client id',
      input: productQuery({ orderId: orderIdField, clientOid: clientOidField }, ['symbol']),
      data: anyObject,
      perSecond: 10,
    },
    async (request, userId) => orderOf(userId)(await findOrder(userId, request.query)),
  );

  const listQuery = productQuery({
    orderId: orderIdField,
    clientOid: clientOidField,
    idLessThan: orderIdField,
    startTime: msField,
    endTime: msField,
    limit: countField,
    status: { type: 'string', enum: ['live', 'partially_filled'] },
  });
  /** Bitget's page of a list: newest first, below idLessThan, and the id to ask below next. */
  const pageOf = <T extends { id: string; time: number }>(
    items: T[],
    q: MixQuery,
    max: number,
  ): { list: T[]; endId: string | null } => {
    const begin = q.startTime === undefined ? null : Number(q.startTime);
    const end = q.endTime === undefined ? null : Number(q.endTime);
    const list = items
      .filter((i) => q.idLessThan === undefined || BigInt(i.id) < BigInt(q.idLessThan))
      .filter((i) => (begin === null || i.time >= begin) && (end === null || i.time < end))
      .slice(0, countOf(q.limit, 100, max));
    return { list, endId: list.at(-1)?.id ?? null };
  };
  const ordersList = (orders: FuturesOrder[], userId: string, q: MixQuery) => {
    const keyed = orders
      .filter((o) => q.orderId === undefined || o.orderId === q.orderId)
      .filter((o) => q.clientOid === undefined || o.clientOrderId === q.clientOid)
      .map((o) => ({ id: o.orderId, time: o.createdAt, o }));
    const { list, endId } = pageOf(keyed, q, 100);
    const wire = orderOf(userId);
    return { entrustedList: list.map((k) => wire(k.o)), endId };
  };
  /** The perpetual a list names (undefined: all of them), or null for another product type. */
  const listedSymbol = (q: MixQuery): string | undefined | null => {
    if (!isQuayProduct(q.productType)) return null;
    return q.symbol === undefined ? undefined : perpOf(q.productType, q.symbol).config.symbol;
  };
  const entrusted = fields(['endId'], { entrustedList: listOf(anyObject) });

  /** A list of futures orders in Bitget's page: `entrustedList` and the id to ask below next. */
  const ordersRoute = (
    path: string,
    summary: string,
    read: (userId: string, symbol: string | undefined, q: MixQuery) => Promise<FuturesOrder[]>,
  ) =>
    signedGet<MixQuery>(
      path,
      { summary, input: listQuery, data: entrusted, perSecond: 10 },
      async (request, userId) => {
        const symbol = listedSymbol(request.query);
        if (symbol === null) return { entrustedList: [], endId: null };
        return ordersList(await read(userId, symbol, request.query), userId, request.query);
      },
    );
  ordersRoute(
    '/mix/order/orders-pending',
    'The open futures orders, newest first',
    async (userId, symbol, q) =>
      futures.trading
        .openOrders(userId, 'real', symbol)
        .filter((o) => q.status === undefined || (q.status === 'live') === (o.status === 'NEW')),
  );
  ordersRoute(
    '/mix/order/orders-history',
    'Filled and cancelled futures orders, newest first',
    async (userId, symbol) =>
      (await futures.records.orderHistory(userId, 'real', { symbol }, HISTORY_PAGE)).items,
  );
  signedGet<MixQuery>(
    '/mix/order/fills',
    {
      summary: 'The futures fills with their fees, newest first',
      input: listQuery,
      data: fields(['endId'], { fillList: listOf(anyObject) }),
      perSecond: 10,
    },
    async (request, userId) => {
      const q = request.query;
      const symbol = listedSymbol(q);
      if (symbol === null) return { fillList: [], endId: null };
      const page = await futures.records.fills(userId, 'real', { symbol }, HISTORY_PAGE);
      const keyed = page.items
        .filter((f) => q.orderId === undefined || f.orderId === q.orderId)
        .map((f) => ({ id: f.fillId, time: f.time, f }));
      const { list, endId } = pageOf(keyed, q, 100);
      return { fillList: list.map((k) => mixFillOf(k.f, coin())), endId };
    },
  );
}
