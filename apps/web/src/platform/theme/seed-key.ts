/**
 * The key a seed's derived tokens are kept under (build/antd-derived-tokens.ts
 * writes them, derived-tokens.ts reads them): the seed's fields in name order,
 * so the order antd merged them in does not matter, only what they are.
 */
export type AlgorithmName = 'default' | 'dark';

export function seedKey(seed: object): string {
  return JSON.stringify(Object.entries(seed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
