import type { AppRoute } from '@quay/core';
import type { ComponentType, LazyExoticComponent } from 'react';

/** One page of the route table (pages.tsx). */
export interface PageRoute {
  /** Path without the language segment and without a leading slash; '' is home. */
  path: AppRoute;
  Page: LazyExoticComponent<ComponentType>;
}
