import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketKeys } from '../entities/markets/market-keys';
import { useSettings } from '../platform/settings/settings-store';
import { LocaleGate, pageLocale } from './locale-gate';

/**
 * The router of a page load that opens on `path` (it reads the location once,
 * when created), with each page's `load` spied on and loading nothing.
 */
async function routerAt(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const router = await import('./router');
  const { PAGES } = await import('./pages');
  const loads = new Map(
    PAGES.map((page) => [page.path, vi.spyOn(page.Page, 'load').mockResolvedValue(undefined)]),
  );
  const loaded = () => [...loads].filter(([, spy]) => spy.mock.calls.length > 0).map(([p]) => p);
  return { ...router, loaded };
}

function prefetchedKeys(client: QueryClient): unknown[] {
  const spy = vi.mocked(client.prefetchQuery);
  return spy.mock.calls.map(([options]) => options.queryKey);
}

function spiedClient(): QueryClient {
  const client = new QueryClient();
  vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
  return client;
}

// The route table's first import transforms every page's module: done once, outside a case's time.
beforeAll(() => import('./router'), 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the page the app opens on', () => {
  it.each([
    {
      opens: '/ja/spot/ETHUSDT',
      page: 'spot/:symbol',
      data: [marketKeys.list('spot'), marketKeys.tickers('spot')],
    },
    {
      opens: '/futures/usdt/BTCUSDT',
      page: 'futures/usdt/:symbol',
      data: [marketKeys.list('futures'), marketKeys.tickers('futures')],
    },
    {
      opens: '/',
      page: '',
      data: [['content', 'banners'], ['content', 'announcements', 1, 3], ['coins']],
    },
  ])("$opens starts only its page's code and asks for its first data at once", async (c) => {
    const { startFirstPage, loaded } = await routerAt(c.opens);
    const client = spiedClient();
    startFirstPage(client);
    expect(loaded()).toEqual([c.page]);
    expect(prefetchedKeys(client)).toEqual(c.data);
  });

  it('a page without first data only starts its code; a path that is no page starts nothing', async () => {
    const login = await routerAt('/login');
    const client = spiedClient();
    login.startFirstPage(client);
    expect(login.loaded()).toEqual(['login']);
    expect(prefetchedKeys(client)).toEqual([]);

    const nowhere = await routerAt('/no/such/page');
    nowhere.startFirstPage(client);
    expect(nowhere.loaded()).toEqual([]);
    expect(prefetchedKeys(client)).toEqual([]);
  });

  it("the page's language: the path's segment, else the saved one", () => {
    expect(pageLocale('/ja/spot/BTCUSDT', 'fr')).toBe('ja');
    expect(pageLocale('/spot/BTCUSDT', 'fr')).toBe('fr');
    expect(pageLocale('/', 'ar')).toBe('ar');
  });
});

describe('the language gate', () => {
  it('saves the language a path names, and does not set it back over a newer choice before the path follows', async () => {
    useSettings.getState().setLanguage('en');
    const router = createMemoryRouter([{ path: '*', element: <LocaleGate>page</LocaleGate> }], {
      initialEntries: ['/ja/markets'],
    });
    const view = render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(useSettings.getState().language).toBe('ja'));

    // The language picker: the setting first, the navigation after.
    act(() => useSettings.getState().setLanguage('ar'));
    expect(useSettings.getState().language).toBe('ar');
    await act(() => router.navigate('/ar/markets'));
    expect(useSettings.getState().language).toBe('ar');
    // Unmounted here: React's work for the language's catalogue must not outlive the test's
    // document (on a busy machine it once ran after it, and failed on a missing window).
    view.unmount();
  });
});
