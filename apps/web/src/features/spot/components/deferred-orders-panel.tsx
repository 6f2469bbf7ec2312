import type { SpotMarketInfo } from '@quay/core';
import { lazy, Suspense } from 'react';
import { useIdle } from '../../../ui/use-idle';

// Below the book and the form: the orders and their tables load once those are drawn
// and the browser is idle, as the chart does.
const OrdersPanel = lazy(() => import('./orders-panel').then((m) => ({ default: m.OrdersPanel })));

/** Where the orders will be, at the height of the panel a visitor sees, so nothing moves when it arrives. */
function OrdersLoading() {
  return <div className="orders-panel orders-loading" aria-busy="true" />;
}

export function DeferredOrdersPanel(props: {
  market: SpotMarketInfo;
  markets: readonly SpotMarketInfo[];
}) {
  const idle = useIdle();
  if (!idle) return <OrdersLoading />;
  return (
    <Suspense fallback={<OrdersLoading />}>
      <OrdersPanel {...props} />
    </Suspense>
  );
}
