import { languageOf, type Locale } from '@quay/core';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { switchCatalogue } from '../platform/i18n/i18n';
import { isRtl } from '../platform/locale/direction';
import { readLocalePath } from '../platform/locale/locale-path';
import { useSettings } from '../platform/settings/settings-store';

/** The page's language: the path's language segment, else the saved setting. */
export function pageLocale(pathname: string, saved: Locale): Locale {
  const verdict = readLocalePath(pathname);
  return (verdict.kind === 'ok' ? verdict.locale : null) ?? saved;
}

/**
 * The language of the page: from the path when it has a language segment,
 * else the saved setting (itself from the browser, else English). Redirects
 * non-canonical segments, and renders once the catalogue is loaded.
 */
export function LocaleGate({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const verdict = readLocalePath(pathname);
  const language = useSettings((s) => s.language);
  const pathLocale = verdict.kind === 'ok' ? verdict.locale : null;
  const [loaded, setLoaded] = useState<string | null>(null);

  // A path's language is saved when the path names it. Only then: the language picker sets the
  // setting before it navigates, and a render between the two must not set the old one back.
  useEffect(() => {
    if (pathLocale && pathLocale !== useSettings.getState().language)
      useSettings.getState().setLanguage(pathLocale);
  }, [pathLocale]);

  const locale = pathLocale ?? language;
  useEffect(() => {
    let live = true;
    void switchCatalogue(locale).then(() => {
      if (!live) return;
      const root = document.documentElement;
      root.lang = languageOf(locale).languageKey;
      root.dir = isRtl(locale) ? 'rtl' : 'ltr';
      // A transition: the whole site's first render (or a language's) is React's largest, and
      // a transition renders in slices that yield to the browser, not as one long task.
      startTransition(() => setLoaded(locale));
    });
    return () => {
      live = false;
    };
  }, [locale]);

  if (verdict.kind === 'redirect') return <Navigate to={`${verdict.to}${search}${hash}`} replace />;
  if (loaded === null) return null;
  return <>{children}</>;
}
