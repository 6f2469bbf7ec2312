import { isLocale, localeOfPathSegment, type Locale } from '@quay/core';

export interface LocalePath {
  /** The locale named by the first path segment, if any. */
  locale: Locale | null;
  /** The path without the language segment, always starting with '/'. */
  rest: string;
}

export type PathVerdict =
  { kind: 'ok'; locale: Locale | null; rest: string } | { kind: 'redirect'; to: string };

/**
 * Reads the optional language segment of a path (spec section 2): an exact
 * segment is kept; another spelling or an alias of a language (zh-cn, pt-BR,
 * ko) redirects to its page language; any other first segment is an
 * ordinary path without a language, which is a page or not found.
 */
export function readLocalePath(pathname: string): PathVerdict {
  const [, first = '', ...more] = pathname.split('/');
  const rest = `/${more.join('/')}`;
  if (first && isLocale(first)) return { kind: 'ok', locale: first, rest };
  const named = localeOfPathSegment(first);
  if (named) return { kind: 'redirect', to: joinPath(named, rest) };
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
