/**
 * antd's styles as CSS built with the app, in the chunks that draw them.
 *
 * antd computes each component's styles in the browser the first time it
 * draws it and injects them as style elements; on the first screen that was
 * a good part of the main thread's blocking time. Here antd's own extractor
 * renders every component once at build time; the styles it registers are
 * sorted by the style hook that registered them, and each hook's module in
 * antd (`antd/es/<component>/style/…`) gains an import of its own CSS. So a
 * component's CSS arrives in the same chunk as its code: the first screen
 * loads the CSS of the components it draws, a dialog's CSS comes with the
 * dialog. The theme stays live: the styles read it from CSS variables that
 * antd still declares at run time (zero-runtime mode, set in the theme).
 *
 * `virtual:antd.css` (imported once by main.tsx) holds what every component
 * shares (the reset and the icons' base); the dev server, whose dependencies
 * are bundled ahead without passing through this plugin, gets every style
 * there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as Antd from 'antd';
import type * as ReactModule from 'react';
import type { ReactElement } from 'react';
import type { Plugin } from 'vite';

export const ANTD_SHARED_ID = 'virtual:antd.css';
const COMPONENT_PREFIX = 'virtual:antd-style/';
const RESOLVED = '\0';

/** What the extractor registers for every component rather than for one. */
const SHARED_STYLES = new Set(['Shared', 'ant-design-icons']);
/**
 * The style hooks of the components the site's frame draws from the first
 * load (the header's buttons, the demo-trading switch): their CSS joins the
 * shared sheet, so the page waits for one stylesheet before its first paint,
 * not one per component. The build fails when the first load links another.
 */
const FIRST_PAINT_STYLES = new Set([
  'Button-Button',
  'Button-compact',
  'Space-Compact',
  'Switch-Switch',
  'Wave-Wave',
]);

/** A style hook's definition in antd's source: its component name, or [component, part]. */
const STYLE_HOOK =
  /gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:'([\w-]+)'|\[\s*'([\w-]+)'\s*,\s*'([\w-]+)'\s*\])/g;

export interface AntdStyles {
  /** The shared styles: the reset every component draws on, the icons' base. */
  shared: string;
  /** Each style hook's CSS, by the name antd keys it with (`Button-Button`, `Button-compact`). */
  byHook: Map<string, string>;
  /** The style hooks each of antd's ES modules defines, by the module's absolute path. */
  hooksByModule: Map<string, string[]>;
}

/** The name antd's cache keys a hook's styles with: `[component, part]` joined, a lone name twice. */
function hookName(kind: string, single?: string, component?: string, part?: string): string {
  if (single) return kind === 'SubStyleComponent' ? single : `${single}-${single}`;
  return `${component}-${part}`;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

export function extractAntdStyles(): AntdStyles {
  const require = createRequire(import.meta.url);
  const antdRoot = dirname(require.resolve('antd/package.json'));
  // The extractor, React and the style cache as antd's CommonJS build resolves them: one cache.
  const fromAntd = createRequire(join(antdRoot, 'lib/index.js'));
  const React = fromAntd('react') as typeof ReactModule;
  const { ConfigProvider } = fromAntd('antd') as typeof Antd;
  const cssinjs = fromAntd('@ant-design/cssinjs') as typeof CssInJs;
  const { extract } = fromAntd('@ant-design/cssinjs/lib/hooks/useStyleRegister') as {
    extract(
      entry: unknown,
      effects: Record<string, boolean>,
      options: { plain: boolean },
    ): [number, string, string] | null;
  };
  const { extractStyle } = require('@ant-design/static-style-extract') as {
    extractStyle(options: { customTheme: (node: ReactElement) => ReactElement }): string;
  };

  // Every component of antd, drawn once into a cache of our own, with class names unhashed.
  const cache = cssinjs.createCache();
  extractStyle({
    customTheme: (node) =>
      React.createElement(
        cssinjs.StyleProvider,
        { cache },
        React.createElement(ConfigProvider, { theme: { hashed: false } }, node),
      ),
  });

  const parts = new Map<string, Array<[number, number, string]>>();
  const store = cache.cache as unknown as Map<string, [number, unknown]>;
  const updated = cache.updateTimes as unknown as Map<string, number>;
  for (const [key, value] of store) {
    if (!key.startsWith('style%')) continue;
    // style%<hash>%<hook>%<prefix>%<icon prefix>
    const hook = key.split('%')[2] ?? '';
    const extracted = extract(value[1], {}, { plain: true });
    if (!extracted) continue;
    const list = parts.get(hook) ?? [];
    list.push([extracted[0], updated.get(key) ?? 0, extracted[2]]);
    parts.set(hook, list);
  }
  const text = (list: Array<[number, number, string]>) =>
    list
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map((p) => p[2])
      .join('');

  const hooksByModule = new Map<string, string[]>();
  const defined = new Set<string>();
  for (const file of moduleFiles(join(antdRoot, 'es'))) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('gen')) continue;
    const hooks = Array.from(source.matchAll(STYLE_HOOK), (m) =>
      hookName(m[1] ?? '', m[2], m[3], m[4]),
    );
    if (hooks.length === 0) continue;
    hooksByModule.set(file, hooks);
    for (const hook of hooks) defined.add(hook);
  }

  const byHook = new Map<string, string>();
  let shared = '';
  for (const [hook, list] of parts) {
    if (SHARED_STYLES.has(hook) || FIRST_PAINT_STYLES.has(hook)) shared += text(list);
    else if (defined.has(hook)) byHook.set(hook, text(list));
    else throw new Error(`antd style hook ${hook}: no module of antd defines it`);
  }
  return { shared, byHook, hooksByModule };
}

export function antdStylesheet(): Plugin {
  let styles: AntdStyles | undefined;
  let serving = false;
  const load = () => (styles ??= extractAntdStyles());
  return {
    name: 'quay-antd-stylesheet',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      if (id === ANTD_SHARED_ID || id.startsWith(COMPONENT_PREFIX)) return `${RESOLVED}${id}.css`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length, -'.css'.length);
      const { shared, byHook } = load();
      if (name === ANTD_SHARED_ID) return serving ? shared + [...byHook.values()].join('') : shared;
      if (!name.startsWith(COMPONENT_PREFIX)) return undefined;
      return byHook.get(name.slice(COMPONENT_PREFIX.length)) ?? '';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (serving) return html;
        const sheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (sheets.length > 1)
          throw new Error(
            `index.html links ${sheets.length} stylesheets (${sheets.join(' ')}): the first load ` +
              'draws an antd component outside FIRST_PAINT_STYLES (build/antd-stylesheet.ts)',
          );
        return html;
      },
    },
    transform(code, id) {
      if (serving || !id.includes('antd')) return undefined;
      const { hooksByModule, byHook } = load();
      const hooks = hooksByModule.get(id.split('?')[0] ?? '');
      if (!hooks) return undefined;
      const imports = hooks
        .filter((hook) => byHook.has(hook))
        .map((hook) => `import '${COMPONENT_PREFIX}${hook}';\n`)
        .join('');
      return imports ? { code: imports + code, map: null } : undefined;
    },
  };
}
