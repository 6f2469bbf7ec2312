/**
 * The page to return to after login or registration, from the `redirect`
 * query: only a path on this site. A leading `//` or `/\` would leave the
 * site (browsers read a backslash as a slash), so both are refused.
 */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/')) return null;
  if (/^\/[/\\]/.test(target)) return null;
  // Control characters are dropped by URL parsing and could hide either form above.
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return target;
}
