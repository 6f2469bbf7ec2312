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
    expect(styles.byHook.get('Button-Button')).toContain('.ant-btn{');
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
    expect(styles.shared).not.toContain('.ant-btn');
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
    const id = moduleOf('Button-Button');
    const out = transform(readFileSync(id, 'utf8'), id);
    expect(out?.code.startsWith("import 'virtual:antd-style/Button-Button';\n")).toBe(true);
    expect(transform('export {}', join(__dirname, 'providers.tsx'))).toBeUndefined();
  });
});
