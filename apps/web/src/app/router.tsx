import { isLocale } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { matchRoutes, useParams, useRoutes, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
import { awaitFirstPage, type PageRoute } from './page-route';
import { PAGES } from './pages';

// antd's Result and its drawings load only when a page is not found.
const NotFound = lazy(() => import('./not-found').then((m) => ({ default: m.NotFound })));

/** A first segment that is not a language is not ours to guess: 404. */
function LangGuard({ children }: { children: ReactNode }) {
  const { lang = '' } = useParams();
  return isLocale(lang) ? children : <NotFound />;
}

/** Every page at its path and under the optional language segment (spec section 2). */
function routes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const page of PAGES) {
    const { path, Page } = page;
    children.push({ path: `/${path}`, element: <Page />, handle: page });
    children.push({
      path: path ? `/:lang/${path}` : '/:lang',
      handle: page,
      element: (
        <LangGuard>
          <Page />
        </LangGuard>
      ),
    });
  }
  children.push({ path: '*', element: <NotFound /> });
  return [{ element: <Shell />, children }];
}

const ROUTES = routes();

/**
 * The page at the browser's location, in React Router's declarative mode
 * (`BrowserRouter` in main.tsx). No page uses the data router's loaders,
 * actions or fetchers, and its engine was 16 KiB gzip of every first load.
 */
export function AppRoutes() {
  return useRoutes(ROUTES);
}

/**
 * Starts what the page the app opens on needs, all at once: its code and the
 * data its first screen waits on. Otherwise each waits for the one before
 * (the language's catalogue, then the page's code, then its data), a round
 * trip apiece on a slow network. The shell waits for that code
 * (`useFirstPageCode`).
 */
export function startFirstPage(client: QueryClient): void {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(ROUTES, window.location.pathname) ?? []) {
    const page = match.route.handle as PageRoute | undefined;
    if (!page) continue;
    loads.push(page.Page.load());
    page.prefetch?.(client);
  }
  void awaitFirstPage(loads);
}
