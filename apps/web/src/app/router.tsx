import { isLocale } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
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

/** A route of the table with its path's segments, read once. */
interface Candidate {
  route: RouteObject;
  /** Lower-cased; `null` for a `:name` segment, which takes any one. */
  segments: Array<string | null>;
}

function candidate(route: RouteObject): Candidate {
  const segments = (route.path ?? '')
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? null : s.toLowerCase()));
  return { route, segments };
}

/** Every page at its path and under the optional language segment (spec section 2). */
function routes(): Candidate[] {
  const children: Candidate[] = [];
  for (const page of PAGES) {
    const { path, Page } = page;
    children.push(candidate({ path: `/${path}`, element: <Page />, handle: page }));
    children.push(
      candidate({
        path: path ? `/:lang/${path}` : '/:lang',
        handle: page,
        element: (
          <LangGuard>
            <Page />
          </LangGuard>
        ),
      }),
    );
  }
  return children;
}

const CANDIDATES = routes();
const SHELL = <Shell />;
const NOT_FOUND: RouteObject = { path: '*', element: <NotFound /> };
/** The whole table, as React Router would match it unaided. */
export const ROUTES: RouteObject[] = [
  { element: SHELL, children: [...CANDIDATES.map((c) => c.route), NOT_FOUND] },
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The part of the route table that can match `pathname`: its routes with as
 * many segments, each static one equal (React Router's default: any case),
 * and the not-found route. React Router ranks every route it is given and
 * compiles each one's pattern on every match: all 160 of them, on every
 * navigation, cost a phone's first load about 100 ms. It still does the
 * matching itself, among these few; with none, it gets the whole table.
 */
export function routesFor(pathname: string): RouteObject[] {
  const parts = pathname.split('/').filter(Boolean).map(decoded);
  const fits = CANDIDATES.filter(
    ({ segments }) =>
      segments.length === parts.length &&
      segments.every((segment, i) => segment === null || segment === parts[i]),
  );
  if (fits.length === 0) return ROUTES;
  return [{ element: SHELL, children: [...fits.map((c) => c.route), NOT_FOUND] }];
}

/**
 * The page at the browser's location, in React Router's declarative mode
 * (`BrowserRouter` in main.tsx). No page uses the data router's loaders,
 * actions or fetchers, and its engine was 16 KiB gzip of every first load.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const table = useMemo(() => routesFor(pathname), [pathname]);
  return useRoutes(table);
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
  const { pathname } = window.location;
  for (const match of matchRoutes(routesFor(pathname), pathname) ?? []) {
    const page = match.route.handle as PageRoute | undefined;
    if (!page) continue;
    loads.push(page.Page.load());
    page.prefetch?.(client);
  }
  void awaitFirstPage(loads);
}
