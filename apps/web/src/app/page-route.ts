import type { AppRoute } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  createElement,
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
} from 'react';

/** A page's component, loaded on demand; `load` starts (or joins) the load of its code. */
export type LazyPage = ComponentType & { load(): Promise<unknown> };

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

/**
 * React's `lazy` whose import can also be started before the page renders.
 * A page whose code is already in draws at once: React's `lazy` would still
 * suspend on its first render (its promise's answer comes a microtask late),
 * show the fallback, and then hold the page back 300 ms (React's pace for
 * revealing a boundary's content).
 */
export function lazyPage(factory: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const load = () =>
    (loading ??= factory().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(load);
  // `loaded` is set before React's own `lazy` hears of the code (the same promise, one step
  // earlier), so a page drawn through `Lazy` never has to become the loaded component later.
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(Page, { load });
}

/** The code of the page the app opened on, while it loads (null: nothing to wait for). */
let firstPageCode: Promise<void> | null = null;

/** Notes the loads of the first page's code (router.tsx); resolves once they are in or failed. */
export function awaitFirstPage(loads: Promise<unknown>[]): Promise<void> {
  const code = Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
  firstPageCode = code;
  void code.then(() => {
    if (firstPageCode === code) firstPageCode = null;
  });
  return code;
}

/**
 * Whether the first page's code is in. Until then the shell holds the page's
 * place with a plain placeholder rather than a Suspense fallback: React holds
 * a boundary's content back for 300 ms after its fallback showed, and the
 * first page's code usually arrives within that (the banner, the trading
 * screen came that much later).
 */
export function useFirstPageCode(): boolean {
  const [code] = useState(() => firstPageCode);
  const [isIn, setIn] = useState(code === null);
  useEffect(() => {
    if (code === null) return;
    let live = true;
    // A transition, as React renders a boundary's retry: in slices that yield to the browser,
    // not one long task (a trading screen's first render is React's largest).
    void code.then(() => {
      if (live) startTransition(() => setIn(true));
    });
    return () => {
      live = false;
    };
  }, [code]);
  return isIn;
}
