/**
 * The site's themes, in the order the preferences offer them. A module of
 * its own, with no imports: the build reads it too (build/antd-derived-tokens.ts
 * derives antd's tokens for each theme).
 */
export const THEMES = ['dark', 'black', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}
