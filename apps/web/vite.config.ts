import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { antdDerivedTokens } from './build/antd-derived-tokens';
import { antdStylesheet } from './build/antd-stylesheet';
import { bootFrame } from './build/boot-frame';
import { CSS_MODULE, stylesheetOnce } from './build/stylesheet-once';

/**
 * The gateway root public key built into the app (DESIGN.md section 10): an
 * operator's ROOT_PUBLIC_KEY_FILE, else the checkout's .keys/root-public.pem
 * (made by the build's first step). Without one the app signs nothing.
 */
function rootPublicKey(): string {
  const file =
    process.env.ROOT_PUBLIC_KEY_FILE ??
    fileURLToPath(new URL('../../.keys/root-public.pem', import.meta.url));
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Modules that only declare: a module of these whose exports go unused is left out. */
const SIDE_EFFECT_FREE =
  /node_modules[\\/](?:@rc-component|decimal\.js)[\\/]|packages[\\/]core[\\/]src[\\/]/;

/** Text files worth compressing: below about 1 KiB the headers cost more than they save. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz twin beside every built text file; the server sends
 * the twin a browser accepts (@fastify/static's preCompressed), so no byte is
 * compressed per request and the scripts travel at a quarter of their size.
 */
function precompress(): Plugin {
  return {
    name: 'quay-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const path = join(dir, file);
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    bootFrame(),
    antdStylesheet(),
    antdDerivedTokens(),
    stylesheetOnce(),
    precompress(),
  ],
  define: { __QUAY_ROOT_PUBLIC_KEY__: JSON.stringify(rootPublicKey()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's building blocks, decimal.js and @quay/core are side-effect-free
      // modules but do not say so: without this every part of a package one of
      // them imports stays in.
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
      },
      output: {
        // Long-lived vendor chunks for what every page loads first anyway, so an
        // app release does not invalidate them. antd stays split by route: one
        // antd chunk would put every widget into the first load.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next)[\\/]/,
            },
            // Everything else the entry imports statically is one chunk. Left to
            // itself, rolldown puts each module the entry shares with a lazy page
            // into a common chunk of its own (a few hundred bytes each): 45 files
            // on the first load, each a round trip of its own over HTTP/1.1.
            // `$initial` is rolldown's own reading of the entry's static graph
            // after tree-shaking, so antd's barrel files do not pull the library in.
            { name: 'app', tags: ['$initial'] },
          ],
          // The same for a lazy page: the modules it shares with some other pages but not
          // all (antd's parts, the app's small shared modules) are copied into each page's
          // chunk when under 32 KB of source, instead of a common chunk each. The spot
          // page's first load: 49 scripts to 16, in about the same bytes. The copies keep
          // one state (rolldown's runtime registry) and run in source order (its strict
          // execution order, which this turns on). A chunk holding CSS stays a file:
          // Vite's CSS plugin would write the CSS of every copy, so the same antd rules
          // would come again in a later page's stylesheet, over the app's own overrides
          // (build/stylesheet-once.ts fails a build where that happens).
          experimentalInlineCommonChunks: { maxSize: 32 * 1024, exclude: CSS_MODULE },
        },
      },
    },
  },
  server: {
    proxy: {
      '/v1': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/platform/i18n/test-setup.ts'],
  },
});
