import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { balanceKeys } from '../balances/balance-keys';
import { marginConfigQuery } from './margin-accounts';
import { invalidateMargin, marginKeys } from './margin-keys';

const filter = {
  kind: 'borrow' as const,
  mode: null,
  symbol: null,
  coin: null,
  begin: null,
  end: null,
};

describe('the margin keys', () => {
  it('keep the cross and each isolated account apart', () => {
    expect(marginKeys.account({ mode: 'cross' })).not.toEqual(
      marginKeys.account({ mode: 'isolated', symbol: 'BTCUSDT' }),
    );
    expect(marginKeys.account({ mode: 'isolated', symbol: 'BTCUSDT' })).not.toEqual(
      marginKeys.account({ mode: 'isolated', symbol: 'ETHUSDT' }),
    );
    expect(marginConfigQuery.queryKey).toEqual(marginKeys.config());
  });

  it('ask every user view again after a margin call, and the spot wallet, but not the public terms', async () => {
    const client = new QueryClient();
    const keys = [
      marginKeys.account({ mode: 'cross' }),
      marginKeys.max('borrow', { mode: 'cross' }, 'USDT'),
      marginKeys.openOrders({ mode: 'cross', symbol: 'BTCUSDT' }),
      marginKeys.history({ mode: 'cross', symbol: 'BTCUSDT' }, 1, 10),
      marginKeys.records(filter, 1, 20),
      marginKeys.notices(),
      balanceKeys.spot(),
    ];
    for (const key of [...keys, marginKeys.config()]) client.setQueryData(key, 1);
    await invalidateMargin(client);
    for (const key of keys)
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(client.getQueryState(marginKeys.config())?.isInvalidated).toBe(false);
  });
});
