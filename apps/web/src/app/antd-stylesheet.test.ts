import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdStylesheet, extractAntdStyles } from '../../build/antd-stylesheet';

const styles = extractAntdStyles();
const moduleOf = (hook: string) =>
  [...styles.hooksByModule].find(([, hooks]) => hooks.includes(hook))?.[0] ?? '';

describe("antd's styles built with the app", () => {
  it('files every style antd draws under the module of antd that defines its hook', () => {
    expect(moduleOf('Button-Button')).toMatch(/antd[\\/]es[\\/]button[\\/]style[\\/]index\.js$/);
    expect(moduleOf('Button-compact')).toMatch(/antd[\\/]es[\\/]button[\\/]style[\\/]compact\.js$/);
    expect(moduleOf('Wave-Wave')).toMatch(/antd[\\/]es[\\/]_util[\\/]wave[\\/]style\.js$/);
    expect(styles.byHook.get('Tabs-Tabs')).toContain('.ant-tabs{');
    expect(styles.byHook.get('Table-Table')).toContain('.ant-table-wrapper');
    // Every hook with styles is one a module defines (the extraction throws otherwise).
    const defined = new Set([...styles.hooksByModule.values()].flat());
    expect([...styles.byHook.keys()].filter((hook) => !defined.has(hook))).toEqual([]);
    // Keyframes travel with the component that animates.
    expect(styles.byHook.get('Spin-Spin')).toMatch(/@keyframes/);
  });

  it("keeps apart what every component draws on, and no component's own styles", () => {
    expect(styles.shared).toContain('.anticon{');
    expect(styles.shared).toContain('a{color:var(--ant-color-link);');
    expect(styles.shared).not.toContain('.ant-tabs');
    expect(styles.shared).not.toContain('.ant-table');
  });

  it('bakes no theme into the CSS: colours come from the variables the theme declares', () => {
    const all = styles.shared + [...styles.byHook.values()].join('');
    expect(all).toContain('var(--ant-color-primary)');
    // antd's default blue and text colour would mean a style computed from the default theme.
    expect(all).not.toMatch(/#1677ff|rgba\(0,\s*0,\s*0,\s*0\.88\)/i);
    // The extractor's own variable declarations (scoped to its render) are not shipped.
    expect(all).not.toMatch(/\.css-var-/);
  });

  it("adds to each of antd's style modules the import of its own CSS, in a build", () => {
    const plugin = antdStylesheet();
    const configResolved = plugin.configResolved as (c: { command: string }) => void;
    const transform = plugin.transform as (
      code: string,
      id: string,
    ) => { code: string } | undefined;
    configResolved({ command: 'build' });
    const id = moduleOf('Tabs-Tabs');
    const out = transform(readFileSync(id, 'utf8'), id);
    expect(out?.code.startsWith("import 'virtual:antd-style/Tabs-Tabs';\n")).toBe(true);
    // The first paint's components import nothing: their CSS is in the shared sheet.
    const button = moduleOf('Button-Button');
    expect(transform(readFileSync(button, 'utf8'), button)).toBeUndefined();
    expect(transform('export {}', join(__dirname, 'providers.tsx'))).toBeUndefined();
  });

  it('joins the first paint to one stylesheet, and fails a build whose first load links more', () => {
    expect(styles.byHook.has('Button-Button')).toBe(false);
    expect(styles.shared).toContain('.ant-btn{');
    const plugin = antdStylesheet();
    (plugin.configResolved as (c: { command: string }) => void)({ command: 'build' });
    const { handler } = plugin.transformIndexHtml as { handler: (html: string) => string };
    const one = '<link rel="stylesheet" crossorigin href="/assets/index-a.css">';
    expect(handler(`<head>${one}</head>`)).toBe(`<head>${one}</head>`);
    expect(() =>
      handler(`<head>${one}<link rel="stylesheet" crossorigin href="/assets/tabs-b.css"></head>`),
    ).toThrow(/2 stylesheets/);
  });
});
