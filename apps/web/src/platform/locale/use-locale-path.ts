import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../settings/settings-store';
import { joinPath, splitLocale } from './locale-path';

/**
 * Builds links in the current language: prefixed when the page is prefixed
 * or the language is not English, so a shared link opens in the same language.
 */
export function useLocalePath(): (to: string) => string {
  const language = useSettings((s) => s.language);
  const { pathname } = useLocation();
  const prefixed = splitLocale(pathname).locale !== null;
  return useCallback(
    (to: string) => (prefixed || language !== 'en' ? joinPath(language, to) : joinPath(null, to)),
    [prefixed, language],
  );
}

/** The current path without its language segment. */
export function usePathWithoutLocale(): string {
  const { pathname } = useLocation();
  return splitLocale(pathname).rest;
}
