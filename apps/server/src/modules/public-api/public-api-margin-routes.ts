/**
 * Margin borrowing and repaying in Bitget's v2 paths: crossed and isolated
 * `account/borrow` and `account/repay`, and each account's assets. Every
 * call is the margin module's own (`MarginService.borrow`, `repay`,
 * `account`), so loans move as ledger jobs of the spot host, checked as on
 * the web (the coin lent, the account's limit, the debt owed).
 */
import type { MarginAccount, MarginAccountRef } from '@quay/core';
import { Decimal } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import {
  clientOidField,
  decimalOrNumber,
  decimalTextOf,
  fields,
  listOf,
  query,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { realSpotSymbol } from './public-api-spot-orders';

const coinField = { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };
type Mode = 'crossed' | 'isolated';

interface Borrow {
  coin: string;
  borrowAmount: string | number;
  symbol?: string;
  clientOid?: string;
}
interface Repay {
  coin: string;
  repayAmount: string | number;
  symbol?: string;
}

const ASSET_FIELDS = [
  'coin',
  'symbol',
  'totalAmount',
  'available',
  'frozen',
  'borrow',
  'interest',
  'net',
  'coupon',
  'uTime',
];

export function marginRoutes({ services, now, signedGet, signedPost }: ApiKit): void {
  const refOf = (mode: Mode, symbol: string | undefined): MarginAccountRef => {
    if (mode === 'crossed') return { mode: 'cross' };
    if (symbol === undefined) throw appError('FIELD_MISSING', { field: 'symbol' });
    return { mode: 'isolated', symbol: realSpotSymbol(services, symbol) };
  };
  /** What the account owes in a coin, principal and interest. */
  const owed = (account: MarginAccount, coin: string) => {
    const asset = account.assets.find((a) => a.coin === coin);
    return asset ? new Decimal(asset.borrowed).plus(asset.interest).toFixed() : '0';
  };

  for (const mode of ['crossed', 'isolated'] as const) {
    const isolated = mode === 'isolated';
    const symbolOf = (account: MarginAccount) => (isolated ? { symbol: account.symbol } : {});
    signedPost<Borrow>(
      `/margin/${mode}/account/borrow`,
      {
        summary: `Borrow a coin into the ${mode} margin account (the margin module’s loan)`,
        input: {
          type: 'object',
          additionalProperties: false,
          required: isolated ? ['coin', 'borrowAmount', 'symbol'] : ['coin', 'borrowAmount'],
          properties: {
            coin: coinField,
            borrowAmount: decimalOrNumber,
            symbol: symbolField,
            clientOid: clientOidField,
          },
        },
        data: fields(['loanId', 'coin', 'borrowAmount', 'symbol']),
        perSecond: 10,
      },
      async (request, userId) => {
        const coin = request.body.coin.toUpperCase();
        const amount = decimalTextOf(request.body.borrowAmount);
        const account = await services.margin.borrow(userId, {
          ...refOf(mode, request.body.symbol),
          coin,
          amount,
        });
        return { loanId: newId(), coin, borrowAmount: amount, ...symbolOf(account) };
      },
    );

    signedPost<Repay>(
      `/margin/${mode}/account/repay`,
      {
        summary: `Repay a coin of the ${mode} margin account, interest first`,
        input: {
          type: 'object',
          additionalProperties: false,
          required: isolated ? ['coin', 'repayAmount', 'symbol'] : ['coin', 'repayAmount'],
          properties: { coin: coinField, repayAmount: decimalOrNumber, symbol: symbolField },
        },
        data: fields(['repayId', 'coin', 'repayAmount', 'remainDebtAmount', 'symbol']),
        perSecond: 10,
      },
      async (request, userId) => {
        const coin = request.body.coin.toUpperCase();
        const amount = decimalTextOf(request.body.repayAmount);
        const account = await services.margin.repay(userId, {
          ...refOf(mode, request.body.symbol),
          coin,
          amount,
        });
        return {
          repayId: newId(),
          coin,
          repayAmount: amount,
          remainDebtAmount: owed(account, coin),
          ...symbolOf(account),
        };
      },
    );

    signedGet<{ coin?: string; symbol?: string }>(
      `/margin/${mode}/account/assets`,
      {
        summary: `The ${mode} margin account’s coins: held, frozen, borrowed, interest`,
        input: query({ coin: coinField, symbol: symbolField }, isolated ? ['symbol'] : []),
        data: listOf(fields(ASSET_FIELDS)),
        perSecond: 10,
      },
      async (request, userId) => {
        const account = await services.margin.account(userId, refOf(mode, request.query.symbol));
        const coin = request.query.coin?.toUpperCase();
        return account.assets
          .filter((a) => coin === undefined || a.coin === coin)
          .map((a) => ({
            coin: a.coin,
            ...symbolOf(account),
            totalAmount: new Decimal(a.available).plus(a.frozen).toFixed(),
            available: a.available,
            frozen: a.frozen,
            borrow: a.borrowed,
            interest: a.interest,
            net: a.netAsset,
            coupon: '0',
            uTime: String(now()),
          }));
      },
    );
  }
}
