/**
 * index.html's frame of the site (DESIGN.md section 2, first paint), written
 * from the app's own sources when Vite serves or builds the page: the logo's
 * drawing from `src/ui/logo-mark.ts` (which the `Logo` component draws too)
 * and the right-to-left languages from `@quay/core`'s table, so neither has
 * a second copy in the HTML that could drift from the app's.
 */
import type * as Core from '@quay/core';
import { runnerImport, type Plugin } from 'vite';
import { LOGO_GLYPH, LOGO_TILE, LOGO_VIEWBOX, LOGO_WORD } from '../src/ui/logo-mark';

/** Where index.html takes the logo, and its inline script the right-to-left languages. */
export const LOGO_MARKER = '<!-- quay:logo -->';
export const RTL_MARKER = '/* quay:rtl-languages */ []';

/** The logo as the `Logo` component draws it, at the header's size. */
export function logoHtml(size = 28): string {
  const tile = LOGO_TILE;
  return (
    `<span class="quay-logo"><svg width="${size}" height="${size}" viewBox="${LOGO_VIEWBOX}">` +
    `<rect width="${tile.width}" height="${tile.height}" rx="${tile.rx}" fill="${tile.fill}"></rect>` +
    `<path d="${LOGO_GLYPH.d}" fill="${LOGO_GLYPH.fill}"></path></svg>` +
    `<span class="quay-logo-text">${LOGO_WORD}</span></span>`
  );
}

export function rtlLanguages(languages: typeof Core.LANGUAGES): string[] {
  return languages.filter((l) => l.dir === 'rtl').map((l) => l.locale);
}

export function withBootFrame(html: string, languages: typeof Core.LANGUAGES): string {
  if (!html.includes(LOGO_MARKER) || !html.includes(RTL_MARKER))
    throw new Error(`index.html lacks ${LOGO_MARKER} or ${RTL_MARKER}`);
  return html
    .replace(LOGO_MARKER, logoHtml())
    .replace(RTL_MARKER, JSON.stringify(rtlLanguages(languages)));
}

export function bootFrame(): Plugin {
  let core: Promise<typeof Core.LANGUAGES> | undefined;
  return {
    name: 'quay-boot-frame',
    transformIndexHtml: {
      order: 'pre',
      // @quay/core is TypeScript source: Vite's module runner loads it (the config's own bundle cannot).
      // Loaded once, not per page the dev server sends.
      async handler(html) {
        core ??= runnerImport<typeof Core>('@quay/core', {
          configFile: false,
          logLevel: 'silent',
        }).then((loaded) => loaded.module.LANGUAGES);
        return withBootFrame(html, await core);
      },
    },
  };
}
