/**
 * i18next with one JSON catalogue per catalogue of @quay/core, each loaded on
 * demand, English too (the language gate draws the page once its catalogue
 * is in, so no key shows raw). Every catalogue has exactly the English keys;
 * English stays the fallback language.
 */
import { languageOf, type Catalogue, type Locale } from '@quay/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
});

async function loadCatalogue(catalogue: Catalogue): Promise<void> {
  if (i18n.hasResourceBundle(catalogue, 'translation')) return;
  const load = loaders[`./locales/${catalogue}.json`];
  if (!load) return;
  const module = await load();
  i18n.addResourceBundle(catalogue, 'translation', module.default, true, true);
}

/** Starts loading the locale's catalogue without switching to it (at boot, beside the page's code). */
export function preloadCatalogue(locale: Locale): Promise<void> {
  return loadCatalogue(languageOf(locale).catalogue);
}

/** The catalogue asked for last: a slower load of an earlier one must not win over it. */
let wanted: Catalogue | null = null;

/** Loads the locale's catalogue, then switches to it. */
export async function switchCatalogue(locale: Locale): Promise<void> {
  const { catalogue } = languageOf(locale);
  wanted = catalogue;
  await loadCatalogue(catalogue);
  if (wanted !== catalogue) return;
  if (i18n.language !== catalogue) await i18n.changeLanguage(catalogue);
}

export function translate(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options ?? {});
}
