import { DEFAULT_LOCALE, isLocale, normaliseLocale, type Locale } from '@quay/core';

export interface LocalePath {
  /** The locale named by the first path segment, if any. */
  locale: Locale | null;
  /** The path without the language segment, always starting with '/'. */
  rest: string;
}

/**
 * Looks like a language tag (ko, pt-BR, zh-Hant): 2-5 letters and an optional
 * region. Page segments of the same shape (login, trade) are told apart by the
 * caller's list of known first segments.
 */
const LOCALE_LIKE = /^[a-z]{2,5}(?:-[a-z0-9]{2,4})?$/i;

export type PathVerdict =
  { kind: 'ok'; locale: Locale | null; rest: string } | { kind: 'redirect'; to: string };

/**
 * Reads the optional language segment of a path (spec section 2): an exact
 * segment is kept; another spelling of a known locale (zh-cn) redirects to
 * its canonical form; an unknown segment shaped like a language redirects to
 * English; anything else is an ordinary path without a language.
 */
export function readLocalePath(
  pathname: string,
  knownFirstSegments: readonly string[] = [],
): PathVerdict {
  const [, first = '', ...more] = pathname.split('/');
  const rest = `/${more.join('/')}`;
  if (first && isLocale(first)) return { kind: 'ok', locale: first, rest };
  const normalised = normaliseLocale(first);
  if (normalised) return { kind: 'redirect', to: joinPath(normalised, rest) };
  if (first && LOCALE_LIKE.test(first) && !knownFirstSegments.includes(first)) {
    return { kind: 'redirect', to: joinPath(DEFAULT_LOCALE, rest) };
  }
  return { kind: 'ok', locale: null, rest: pathname || '/' };
}

export function joinPath(locale: Locale | null, rest: string): string {
  const clean = rest.startsWith('/') ? rest : `/${rest}`;
  if (!locale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * The exact language segment of a path the router has already accepted, and
 * the rest: for building links and switching language, where no redirect is due.
 */
export function splitLocale(pathname: string): LocalePath {
  const [, first = '', ...more] = pathname.split('/');
  if (first && isLocale(first)) return { locale: first, rest: `/${more.join('/')}` };
  return { locale: null, rest: pathname || '/' };
}
