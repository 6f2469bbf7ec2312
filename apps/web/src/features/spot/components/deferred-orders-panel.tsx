import type { SpotMarketInfo } from '@quay/core';
import { lazy } from 'react';
import { DeferredPane } from '../../../ui/market/deferred-pane';

const OrdersPanel = lazy(() => import('./orders-panel').then((m) => ({ default: m.OrdersPanel })));

/** The orders and their tables, loaded once the book and the form are drawn. */
export function DeferredOrdersPanel(props: {
  market: SpotMarketInfo;
  markets: readonly SpotMarketInfo[];
}) {
  return (
    <DeferredPane>
      <OrdersPanel {...props} />
    </DeferredPane>
  );
}
