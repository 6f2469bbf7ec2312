import { Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../error-boundary';
import { useFirstPageCode } from '../page-route';
import { LocaleGate } from '../locale-gate';
import { PlatformBoot } from '../platform-boot';
import { SimulationBanner, SimulationGuard } from '../../platform/simulation/simulation-ui';
import { RequestBridge } from '../request-bridge';
import { Footer } from './footer';
import { Header } from './header';

/** The id of the frame index.html paints before the app's code arrives. */
export const BOOT_FRAME_ID = 'boot-frame';

/**
 * Takes index.html's frame away in the commit that draws the site's own
 * header, before the browser paints it: the page never shows both, nor
 * nothing between them.
 */
function BootFrameGone() {
  useLayoutEffect(() => document.getElementById(BOOT_FRAME_ID)?.remove(), []);
  return null;
}

/** Where a page will be, while its code loads. */
function PageLoading() {
  return <div className="page-loading" aria-busy="true" />;
}

export function Shell() {
  const pageCodeIn = useFirstPageCode();
  return (
    <LocaleGate>
      <RequestBridge />
      <PlatformBoot />
      <BootFrameGone />
      <div className="site">
        <SimulationBanner />
        <Header />
        <main className="site-main">
          <ErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              {pageCodeIn ? (
                <SimulationGuard>
                  <Outlet />
                </SimulationGuard>
              ) : (
                <PageLoading />
              )}
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </LocaleGate>
  );
}
