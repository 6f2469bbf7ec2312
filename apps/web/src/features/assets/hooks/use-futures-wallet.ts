import { toDecimal } from '@quay/core';
import { useMemo } from 'react';
import { useFuturesAccount } from '../../../entities/balances/futures-account';
import { useValuation } from '../../../entities/balances/valuation';
import { useSpotTickers } from '../../../entities/markets/tickers';
import { usePositions } from '../../../entities/positions/positions';
import { useSettings } from '../../../platform/settings/settings-store';
import { btcPerUsdtOf, btcPriceOf, futuresValueOf, isHeld } from '../utils/futures-wallet';

/** The spot tickers are asked again this often while they give the BTC price. */
const BTC_PRICE_POLL_MS = 30_000;

/**
 * The futures wallet, live: the account and held positions from their REST
 * snapshots, replaced by each push on `futures.account` and
 * `futures.positions`; polled every 5 s while the socket is not open. Its
 * value is its margin balance in USDT, the currency unit and BTC.
 */
export function useFuturesWallet() {
  const unit = useSettings((s) => s.unit);
  const account = useFuturesAccount({ pollWhileDown: true });
  const positions = usePositions({ pollWhileDown: true });
  const valuation = useValuation(unit);
  // An empty spot wallet gives no BTC ratio: the BTC price then comes from the spot tickers.
  const needsBtcPrice = !!valuation.data && !toDecimal(valuation.data.totalUsdt)?.gt(0);
  const tickers = useSpotTickers({ enabled: needsBtcPrice, refetchInterval: BTC_PRICE_POLL_MS });

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
