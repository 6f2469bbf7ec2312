import { Decimal, type Balance, type CoinSetting } from '@quay/core';
import { useMemo } from 'react';
import { useSettings } from '../../../platform/settings/settings-store';
import { useCoinSettings } from '../api/coin-settings';
import { useValuation } from '../../../entities/balances/valuation';
import { totalsOf, valueBalances, type ValuedBalance } from '../utils/valuation';
import { useLiveBalances } from './use-live-balances';

const zeroBalance = (coin: string): Balance => ({
  coin,
  available: '0',
  frozen: '0',
  total: '0',
});

/** Most valuable first; then by holding, then alphabetically. */
function byValue(a: ValuedBalance, b: ValuedBalance): number {
  const value = (b.usdt ?? new Decimal(0)).comparedTo(a.usdt ?? new Decimal(0));
  if (value !== 0) return value;
  return a.coin.localeCompare(b.coin);
}

/**
 * The spot account as the wallet pages show it: every listed coin (held or
 * not) with its live balance and value, the totals, and each coin's setting.
 */
export function useSpotWallet() {
  const unit = useSettings((s) => s.unit);
  const balances = useLiveBalances();
  const coins = useCoinSettings();
  const valuation = useValuation(unit);

  const settings = useMemo(
    () => new Map<string, CoinSetting>((coins.data ?? []).map((c) => [c.coin, c])),
    [coins.data],
  );
  const rows = useMemo(() => {
    const held = new Map((balances.data ?? []).map((b) => [b.coin, b]));
    const listed = (coins.data ?? []).map((c) => held.get(c.coin) ?? zeroBalance(c.coin));
    const unlisted = (balances.data ?? []).filter((b) => !settings.has(b.coin));
    return valueBalances([...listed, ...unlisted], valuation.data).sort(byValue);
  }, [balances.data, coins.data, settings, valuation.data]);
  const totals = useMemo(
    () => (valuation.data ? totalsOf(rows, valuation.data) : null),
    [rows, valuation.data],
  );

  return {
    unit,
    rows,
    totals,
    settings,
    isPending: balances.isPending || coins.isPending,
    isError: balances.isError,
    refetch: balances.refetch,
  };
}
