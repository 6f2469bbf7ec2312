import { Suspense, type ReactNode } from 'react';
import { useIdle } from '../use-idle';

/** Where the orders will be, at the height of the panel a visitor sees, so nothing moves when it arrives. */
function PaneLoading() {
  return <div className="orders-panel orders-loading" aria-busy="true" />;
}

/**
 * A trading page's lower pane (orders, positions): below the book and the
 * form, it is drawn once those are and the browser is idle, as the chart is.
 * Its `children` are lazy components, so their code loads only then.
 */
export function DeferredPane({ children }: { children: ReactNode }) {
  const idle = useIdle();
  if (!idle) return <PaneLoading />;
  return <Suspense fallback={<PaneLoading />}>{children}</Suspense>;
}
