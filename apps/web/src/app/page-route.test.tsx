import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { awaitFirstPage, lazyPage, useFirstPageCode } from './page-route';

/** Every time a fallback was drawn. */
const fallbacks: string[] = [];

function Loading() {
  fallbacks.push('loading');
  return <p>loading</p>;
}

function Frame({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** A page module whose component counts its mounts. */
function pageModule(mounts: string[]) {
  function Page() {
    useEffect(() => {
      mounts.push('mounted');
    }, []);
    return <p>the page</p>;
  }
  return { default: Page };
}

let unmount: (() => void) | null = null;
afterEach(() => {
  fallbacks.length = 0;
  unmount?.();
  unmount = null;
});

describe('a lazily loaded page', () => {
  it('draws at once, without its fallback, when its code is already in', async () => {
    const mounts: string[] = [];
    const Page = lazyPage(() => Promise.resolve(pageModule(mounts)));
    await Page.load();
    // One synchronous render: a fallback drawn here would be what the user sees first.
    const view = render(
      <Frame>
        <Page />
      </Frame>,
    );
    unmount = view.unmount;
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback while its code loads, then the page, mounted once across later renders', async () => {
    const mounts: string[] = [];
    let arrive: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    const view = render(
      <Frame>
        <Page />
      </Frame>,
    );
    unmount = view.unmount;
    expect(screen.getByText('loading')).toBeTruthy();
    void Page.load();
    await act(async () => arrive(pageModule(mounts)));
    expect(await screen.findByText('the page')).toBeTruthy();
    // The parent draws again with the code now in: the same page stays, it is not swapped.
    view.rerender(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(mounts).toEqual(['mounted']);
  });

  it('the page the app opens on waits in a placeholder, not a fallback, and draws when its code is in', async () => {
    const mounts: string[] = [];
    let arrive: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    const code = awaitFirstPage([Page.load()]);
    function Slot() {
      return <Frame>{useFirstPageCode() ? <Page /> : <p>placeholder</p>}</Frame>;
    }
    const view = render(<Slot />);
    unmount = view.unmount;
    expect(screen.getByText('placeholder')).toBeTruthy();
    await act(async () => {
      arrive(pageModule(mounts));
      await code;
    });
    expect(screen.getByText('the page')).toBeTruthy();
    // No fallback was drawn: React would have held the page back after one.
    expect(fallbacks).toEqual([]);
    expect(mounts).toEqual(['mounted']);
  });
});
