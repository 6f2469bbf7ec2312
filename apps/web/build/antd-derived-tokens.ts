/**
 * antd's theme algorithm, run when the app is built, for each of its themes.
 *
 * antd derives its map tokens (the colour palettes and the sizes built on
 * the seeds) in the browser, in the first render of every page, inside one
 * component: at a phone's CPU speed tens of milliseconds that no scheduler
 * can split. The derivation is a pure function of the seeds, and the app
 * fixes its seeds in its sources (platform/theme/theme.ts, with the widget
 * tokens of platform/widgets/widget-config.ts), so the build runs antd's own
 * algorithm on them and `virtual:antd-derived-tokens` carries the results,
 * keyed by the algorithm and the seed they were derived from
 * (platform/theme/seed-key.ts). platform/theme/derived-tokens.ts answers
 * antd from them when asked for exactly such a seed, and derives as antd
 * does for any other.
 */
import { createRequire } from 'node:module';
import type * as AntdModule from 'antd';
import { runnerImport, type Plugin } from 'vite';
import type * as ThemeModule from '../src/platform/theme/theme';
import type * as WidgetConfigModule from '../src/platform/widgets/widget-config';
import { THEMES } from '../src/platform/settings/themes';
import { seedKey, type AlgorithmName } from '../src/platform/theme/seed-key';

export const DERIVED_TOKENS_ID = 'virtual:antd-derived-tokens';
const RESOLVED = `\0${DERIVED_TOKENS_ID}`;

/** The app's modules as the browser runs them, loaded by Vite's module runner. */
async function load<T>(path: string): Promise<T> {
  const loaded = await runnerImport<T>(new URL(path, import.meta.url).pathname, {
    configFile: false,
    logLevel: 'silent',
  });
  return loaded.module;
}

/** Each theme's map tokens, by `algorithm:seed key`, as the virtual module's source. */
export async function derivedTokensSource(): Promise<string> {
  const [{ antdThemeFor }, { withWidgetTokens }] = await Promise.all([
    load<typeof ThemeModule>('../src/platform/theme/theme.ts'),
    load<typeof WidgetConfigModule>('../src/platform/widgets/widget-config.ts'),
  ]);
  // The same antd as theme.ts's under the runner: Node's, which the runner leaves packages to.
  const antd = createRequire(import.meta.url)('antd') as typeof AntdModule;
  const table: Record<string, object> = {};
  for (const theme of THEMES) {
    const config = withWidgetTokens(antdThemeFor(theme));
    const name: AlgorithmName =
      config.algorithm === antd.theme.defaultAlgorithm ? 'default' : 'dark';
    if (name === 'dark' && config.algorithm !== antd.theme.darkAlgorithm)
      throw new Error(`theme ${theme}: an algorithm the build does not derive with`);
    // The seed antd derives from: its default seed under the theme's tokens (antd/es/theme/useToken).
    const seed = { ...antd.theme.defaultSeed, ...config.token };
    table[`${name}:${seedKey(seed)}`] = antd.theme[`${name}Algorithm`](seed);
  }
  // As JSON text: the browser reads a large literal faster through JSON.parse than as script.
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
}

export function antdDerivedTokens(): Plugin {
  let source: Promise<string> | undefined;
  return {
    name: 'quay-antd-derived-tokens',
    resolveId(id) {
      return id === DERIVED_TOKENS_ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      source ??= derivedTokensSource();
      return source;
    },
  };
}
