/**
 * Signed wallet routes (Bitget v2): a transfer between the key owner's spot
 * and USDT-M futures accounts, through the futures service's transfer (the
 * spot and futures single writers, journaled) or between spot and a margin
 * account (the margin module's transfer), and the deposit address the web
 * app shows. Bitget's other account types are not offered by Quay.
 */
import type { MarginWallet } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { isDemoCoin } from '../../kernel/coins';
import { newId } from '../../kernel/ids';
import { success } from './public-api-envelope';
import {
  clientOidField,
  decimalOrNumber,
  decimalTextOf,
  fields,
  perSecond,
  query,
  responses,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { realSpotSymbol } from './public-api-spot-orders';

/** The margin module's wallet a Bitget account type names. */
const MARGIN_WALLET: Record<string, MarginWallet | undefined> = {
  spot: 'spot',
  crossed_margin: 'cross',
  isolated_margin: 'isolated',
};

/**
 * Bitget's account types a transfer may name; Quay moves between spot and
 * USDT-M futures, and between spot and the margin accounts.
 */
const ACCOUNT_TYPES = [
  'spot',
  'usdt_futures',
  'coin_futures',
  'usdc_futures',
  'crossed_margin',
  'isolated_margin',
  'p2p',
];
const coinField = { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };

interface Transfer {
  fromType: string;
  toType: string;
  amount: string | number;
  coin: string;
  symbol?: string;
  clientOid?: string;
}

export function walletRoutes({ api, services, now, gate, userOf }: ApiKit): void {
  const tag = ['public-api'];

  api.post<{ Body: Transfer }>(
    '/spot/wallet/transfer',
    {
      config: perSecond(10),
      preValidation: gate('trade'),
      schema: {
        tags: tag,
        summary:
          'Move a coin between spot and USDT-M futures or a margin account (Bitget v2); scope trade',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['fromType', 'toType', 'amount', 'coin'],
          properties: {
            fromType: { type: 'string', enum: ACCOUNT_TYPES },
            toType: { type: 'string', enum: ACCOUNT_TYPES },
            // CCXT sends the amount as a JSON number; Bitget takes both.
            amount: decimalOrNumber,
            coin: coinField,
            symbol: symbolField,
            clientOid: clientOidField,
          },
        },
        response: responses(fields(['transferId', 'clientOid'])),
      },
    },
    async (request) => {
      const { fromType, toType, amount, coin, clientOid, symbol } = request.body;
      const transferId = newId();
      const from = MARGIN_WALLET[fromType];
      const to = MARGIN_WALLET[toType];
      if (from !== undefined && to !== undefined && from !== to) {
        // Spot and the margin accounts: the margin module's transfer (a ledger job of the spot host).
        await services.margin.transfer(userOf(request), {
          from,
          to,
          coin: coin.toUpperCase(),
          amount: decimalTextOf(amount),
          ...(symbol !== undefined ? { symbol: realSpotSymbol(services, symbol) } : {}),
        });
        return success({ transferId, clientOid: clientOid ?? null }, now());
      }
      const route = `${fromType}>${toType}`;
      const direction =
        route === 'spot>usdt_futures'
          ? 'toFutures'
          : route === 'usdt_futures>spot'
            ? 'toSpot'
            : null;
      if (direction === null) throw appError('INVALID_PARAMETER');
      await services.futures.accounts.transfer(userOf(request), 'real', {
        coin: coin.toUpperCase(),
        amount: decimalTextOf(amount),
        direction,
        id: transferId,
      });
      return success({ transferId, clientOid: clientOid ?? null }, now());
    },
  );

  api.get<{ Querystring: { coin: string; chain?: string; size?: string } }>(
    '/spot/wallet/deposit-address',
    {
      config: perSecond(10),
      preValidation: gate('read'),
      schema: {
        tags: tag,
        summary: 'The deposit address of a coin (Bitget v2); scope read',
        querystring: query(
          {
            coin: coinField,
            chain: { type: 'string', maxLength: 32 },
            size: { type: 'string', maxLength: 40 },
          },
          ['coin'],
        ),
        response: responses(fields(['address', 'chain', 'coin', 'tag', 'url'])),
      },
    },
    async (request) => {
      const coin = request.query.coin.toUpperCase();
      if (isDemoCoin(coin)) throw appError('COIN_UNKNOWN');
      const address = services.ledger.depositAddress(userOf(request), coin);
      if (request.query.chain !== undefined && request.query.chain !== address.network) {
        throw appError('INVALID_PARAMETER');
      }
      return success(
        { address: address.address, chain: address.network, coin, tag: '', url: '' },
        now(),
      );
    },
  );
}
