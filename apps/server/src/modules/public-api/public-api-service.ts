/** What the public API answers that no other service has in its shape: Bitget's spot balances. */
import type { PublicSpotAsset } from '@quay/core';
import { coinNamesOf } from '../../kernel/coins';
import { fromMinor } from '../../kernel/money';
import type { PublicApiStore } from './public-api-repositories';

export class PublicApiService {
  constructor(private readonly store: PublicApiStore) {}

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
