/** What the public API answers that no other service has in its shape: Bitget's spot balances. */
import type { PublicSpotAsset, SpotFill, SpotOrder } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { coinNamesOf } from '../../kernel/coins';
import { fromMinor } from '../../kernel/money';
import { fillToWire, orderToWire, type SpotMarkets } from '../spot';
import type { PublicApiStore } from './public-api-repositories';

export class PublicApiService {
  constructor(
    private readonly store: PublicApiStore,
    private readonly spotMarkets: Pick<SpotMarkets, 'get'>,
  ) {}

  /**
   * One of the caller's real spot orders, by its id or its client id, with
   * its fills; another user's order, or a demo one, is not found.
   */
  async spotOrder(
    userId: string,
    orderId: string | undefined,
    clientOid: string | undefined,
  ): Promise<{ order: SpotOrder; fills: SpotFill[] }> {
    const { spot } = this.store.repos;
    const row =
      orderId !== undefined
        ? await spot.order(Number(orderId))
        : clientOid !== undefined
          ? await spot.orderByClientId(userId, clientOid)
          : undefined;
    if (orderId === undefined && clientOid === undefined) {
      throw appError('FIELD_MISSING', { field: 'orderId' });
    }
    const market = row && this.spotMarkets.get(row.symbol);
    if (!row || row.user_id !== userId || !market || market.side !== 'real') {
      throw appError('ORDER_NOT_FOUND');
    }
    const fills = await spot.fillsOfOrder(row.id);
    return {
      order: orderToWire(row, market),
      fills: fills.map((f) => fillToWire(f, market, userId)),
    };
  }

  /**
   * The real side's balances (Bitget v2 `account/assets`): with `coin`, that
   * coin alone, held or not; else the coins held, or every coin for `all`.
   * `frozen` is what open orders hold; nothing is ever `locked` here.
   */
  async spotAssets(
    userRowId: string,
    coin: string | undefined,
    assetType: 'hold_only' | 'all',
  ): Promise<PublicSpotAsset[]> {
    const rows = await this.store.repos.publicApi.balancesOf(userRowId);
    const held = new Map(rows.map((row) => [row.coin, row]));
    const assets: PublicSpotAsset[] = [];
    for (const name of coinNamesOf('real')) {
      if (coin !== undefined && name !== coin) continue;
      const row = held.get(name);
      const holds = row !== undefined && row.available + row.frozen > 0n;
      if (!holds && assetType === 'hold_only' && coin === undefined) continue;
      assets.push({
        coin: name,
        available: fromMinor(row?.available ?? 0n),
        frozen: fromMinor(row?.frozen ?? 0n),
        locked: '0',
        limitAvailable: '0',
        uTime: String(row?.updated_at ?? 0),
      });
    }
    return assets;
  }
}
