import type { AppRoute } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page's component, loaded on demand; `load` starts (or joins) the load of its code. */
export type LazyPage = LazyExoticComponent<ComponentType> & { load(): Promise<unknown> };

/** One page of the route table (pages.tsx). */
export interface PageRoute {
  /** Path without the language segment and without a leading slash; '' is home. */
  path: AppRoute;
  Page: LazyPage;
  /**
   * Asks for the data the page's first screen waits on, for a page the app
   * opens on: at boot, beside the page's code, not after it.
   */
  prefetch?: (client: QueryClient) => void;
}

/** React's `lazy` whose import can also be started before the page renders. */
export function lazyPage(factory: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const load = () => (loading ??= factory());
  return Object.assign(lazy(load), { load });
}
