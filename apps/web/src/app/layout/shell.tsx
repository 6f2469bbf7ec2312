import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../error-boundary';
import { LocaleGate } from '../locale-gate';
import { PlatformBoot } from '../platform-boot';
import { SimulationBanner, SimulationGuard } from '../../platform/simulation/simulation-ui';
import { RequestBridge } from '../request-bridge';
import { Footer } from './footer';
import { Header } from './header';

export function Shell() {
  return (
    <LocaleGate>
      <RequestBridge />
      <PlatformBoot />
      <div className="site">
        <SimulationBanner />
        <Header />
        <main className="site-main">
          <ErrorBoundary>
            <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
              <SimulationGuard>
                <Outlet />
              </SimulationGuard>
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </LocaleGate>
  );
}
