/**
 * Checks of what a user writes into P2P: the terms of an ad (rich text of a
 * few formatting tags, no attributes; the web shows it through its one
 * sanitiser), payment details and chat lines (printable text).
 */
import { P2P_TERMS_MAX } from '@quay/core/p2p';

const ALLOWED_TAGS = new Set(['b', 'i', 'u', 'strong', 'em', 'p', 'br', 'ul', 'ol', 'li']);
const TAG = /<\s*(\/?)\s*([a-zA-Z0-9]+)\s*(\/?)\s*>/g;
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Terms as stored: only the allowed tags, without attributes, and no stray angle bracket. */
export function termsAllowed(terms: string): boolean {
  if (terms.length > P2P_TERMS_MAX) return false;
  // Line breaks and tabs are kept; other control and invisible format characters are refused.
  if (CONTROL.test(terms.replace(/[\n\t]/g, ' '))) return false;
  let rest = terms;
  for (const match of terms.matchAll(TAG)) {
    if (!ALLOWED_TAGS.has((match[2] ?? '').toLowerCase())) return false;
    rest = rest.replace(match[0], '');
  }
  return !rest.includes('<') && !rest.includes('>');
}

/** One line of printable text, trimmed; null when empty or not printable. */
export function printable(text: string, max: number): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > max || CONTROL.test(trimmed)) return null;
  return trimmed;
}
