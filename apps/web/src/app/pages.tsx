/**
 * The route table: each page once; the router adds the language-prefixed
 * twin of every path. Later areas add their pages here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageRoute {
  /** Path without the language segment and without a leading slash; '' is home. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const PAGES: PageRoute[] = [
  {
    path: '',
    Page: lazy(() =>
      import('../features/home/components/home-page').then((m) => ({ default: m.HomePage })),
    ),
  },
  {
    path: 'login',
    Page: lazy(() =>
      import('../features/account/components/login-page').then((m) => ({ default: m.LoginPage })),
    ),
  },
  {
    path: 'register',
    Page: lazy(() =>
      import('../features/account/components/register-page').then((m) => ({
        default: m.RegisterPage,
      })),
    ),
  },
];

/** First path segments that are pages, not languages. */
export const PAGE_SEGMENTS = PAGES.map((p) => p.path.split('/')[0] ?? '').filter(Boolean);
