/**
 * Fails a build that writes one CSS module into several stylesheets. A chunk
 * copied into the pages that share it (vite.config.ts, inlined common
 * chunks) lists its modules in each copy, and Vite's CSS plugin writes the
 * CSS of every module a chunk lists: the same rules would then come again in
 * a later page's stylesheet, over the overrides of the page before.
 */
import type { Plugin, Rollup } from 'vite';

/** A CSS module's id (a file, or a virtual module, with or without a query). */
export const CSS_MODULE = /\.css(?:\?|$)/;

/** Each CSS module the bundle's chunks list more than once, with the chunks that list it. */
export function cssModulesInSeveralChunks(bundle: Rollup.OutputBundle): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    for (const id of file.moduleIds) {
      if (CSS_MODULE.test(id)) owners.set(id, [...(owners.get(id) ?? []), file.fileName]);
    }
  }
  return new Map([...owners].filter(([, chunks]) => chunks.length > 1));
}

export function stylesheetOnce(): Plugin {
  return {
    name: 'quay-stylesheet-once',
    apply: 'build',
    generateBundle(_options, bundle) {
      const twice = cssModulesInSeveralChunks(bundle);
      if (twice.size === 0) return;
      const [id, chunks] = [...twice][0] ?? ['', []];
      throw new Error(
        `${twice.size} CSS modules are in several chunks, e.g. ${id.replace('\0', '')} in ` +
          `${chunks.join(', ')}: their rules would be written into each chunk's stylesheet`,
      );
    },
  };
}
