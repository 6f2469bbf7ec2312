/**
 * antd's theme algorithms, answering from the tokens the build derived
 * (build/antd-derived-tokens.ts) when asked for one of the app's own seeds:
 * the first render of a page no longer computes antd's colour palettes. Any
 * other seed is derived by antd's algorithm as before.
 */
import { theme as antdTheme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import derived from 'virtual:antd-derived-tokens';
import { seedKey, type AlgorithmName } from './seed-key';

type Algorithm = MappingAlgorithm;
type MapToken = ReturnType<Algorithm>;

let misses = 0;

/** How many seeds were derived in the browser since the app started (a test reads it). */
export function derivedInBrowser(): number {
  return misses;
}

function answering(name: AlgorithmName, live: Algorithm): Algorithm {
  return (seed, mapToken) => {
    // Called alone (antd chains algorithms through mapToken), with a seed the build derived.
    const known = mapToken === undefined ? derived[`${name}:${seedKey(seed)}`] : undefined;
    if (known) return { ...known } as unknown as MapToken;
    misses += 1;
    return live(seed, mapToken);
  };
}

// One function per algorithm for the app's life: antd keeps a theme per set of algorithms.
const ANSWERING = new Map<Algorithm, Algorithm>([
  [antdTheme.defaultAlgorithm, answering('default', antdTheme.defaultAlgorithm)],
  [antdTheme.darkAlgorithm, answering('dark', antdTheme.darkAlgorithm)],
]);

/** The theme with its algorithm answering from the build's tokens where it can. */
export function withDerivedTokens(config: ThemeConfig): ThemeConfig {
  const algorithm = config.algorithm;
  if (typeof algorithm !== 'function') return config;
  return { ...config, algorithm: ANSWERING.get(algorithm) ?? algorithm };
}
