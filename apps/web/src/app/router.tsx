import { isLocale } from '@quay/core';
import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
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
  for (const { path, Page } of PAGES) {
    children.push({ path: `/${path}`, element: <Page /> });
    children.push({
      path: path ? `/:lang/${path}` : '/:lang',
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

export const router = createBrowserRouter(routes());
