/**
 * Test support: jsdom has no matchMedia. This one answers width queries for
 * a chosen viewport width, so a test can render the narrow-screen widgets.
 */
export function setViewportWidth(widthPx: number): void {
  const matches = (query: string): boolean => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    if (max && widthPx > Number(max[1])) return false;
    if (min && widthPx < Number(min[1])) return false;
    return Boolean(max || min);
  };
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver either; popups that position themselves watch one.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.assign(window, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
