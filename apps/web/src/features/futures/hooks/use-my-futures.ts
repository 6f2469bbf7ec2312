import { useFuturesAccount } from '../../../entities/balances/futures-account';
import {
  useFuturesOrderPushes,
  useOpenFuturesOrders,
} from '../../../entities/orders/futures-orders';
import { usePositions } from '../../../entities/positions/positions';
import { useSettings } from '../../../platform/settings/settings-store';

/**
 * The signed-in user's account, positions, open orders and waiting plans,
 * kept live by the private channels; the histories refresh when an order
 * finishes.
 */
export function useMyFutures() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const account = useFuturesAccount();
  const positions = usePositions();
  const { orders: openOrders, plans: openPlans } = useOpenFuturesOrders();
  useFuturesOrderPushes();
  return { loggedIn, account, positions, openOrders, openPlans };
}
