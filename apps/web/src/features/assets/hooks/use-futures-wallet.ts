import { FUTURES_CHANNELS, toDecimal, type FuturesAccount, type FuturesPosition } from '@quay/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChannel, useRealtimeStatus } from '../../../platform/realtime/realtime';
import { useSettings } from '../../../platform/settings/settings-store';
import { futuresAccountQuery, useFuturesAccount } from '../api/futures-account';
import { futuresPositionsQuery, useFuturesPositions } from '../api/futures-positions';
import { useSpotTickers } from '../api/spot-tickers';
import { useValuation } from '../api/valuation';
import { btcPerUsdtOf, btcPriceOf, futuresValueOf, isHeld } from '../utils/futures-wallet';

/** Polling while the socket is down, so the figures never freeze for long. */
const FALLBACK_POLL_MS = 5_000;

/**
 * The futures wallet, live: the account and held positions from their REST
 * snapshots, replaced by each push on `futures.account` and
 * `futures.positions`; polled every 5 s while the socket is not open. Its
 * value is its margin balance in USDT, the currency unit and BTC.
 */
export function useFuturesWallet() {
  const queryClient = useQueryClient();
  const unit = useSettings((s) => s.unit);
  const status = useRealtimeStatus();
  const poll = status === 'open' ? false : FALLBACK_POLL_MS;
  const account = useFuturesAccount(poll);
  const positions = useFuturesPositions(poll);
  const valuation = useValuation(unit);
  // An empty spot wallet gives no BTC ratio: the BTC price then comes from the spot tickers.
  const needsBtcPrice = !!valuation.data && !toDecimal(valuation.data.totalUsdt)?.gt(0);
  const tickers = useSpotTickers(needsBtcPrice);

  useChannel<FuturesAccount>(FUTURES_CHANNELS.account, (pushed) => {
    queryClient.setQueryData(futuresAccountQuery().queryKey, pushed);
  });
  useChannel<FuturesPosition[]>(FUTURES_CHANNELS.positions, (pushed) => {
    queryClient.setQueryData(futuresPositionsQuery().queryKey, pushed);
  });

  const btcPerUsdt = btcPerUsdtOf(valuation.data, btcPriceOf(tickers.data));
  // A server without futures (an error) counts as an empty futures wallet.
  const value =
    account.data || account.isError
      ? futuresValueOf(account.data, valuation.data?.fiatPerUsdt, btcPerUsdt)
      : null;
  const held = useMemo(() => (positions.data ?? []).filter(isHeld), [positions.data]);

  return {
    unit,
    account: account.data ?? null,
    positions: held,
    value,
    fiatPerUsdt: valuation.data?.fiatPerUsdt ?? null,
    isPending: account.isPending && !account.isError,
    isError: account.isError,
    positionsPending: positions.isPending && !positions.isError,
  };
}
