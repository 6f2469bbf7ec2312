import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react()],
  define: { __QUAY_ROOT_PUBLIC_KEY__: JSON.stringify(rootPublicKey()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
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
          ],
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
  },
});
