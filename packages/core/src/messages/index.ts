import type { Catalogue, Locale } from '../locales';
import { languageOf } from '../locales';
import type { MessageName } from './names';
import { en } from './en';

type ServerCatalogue = Record<MessageName, string>;

const catalogues: Partial<Record<Catalogue, ServerCatalogue>> = {
  en,
};

export type MessageParams = Record<string, string | number>;

/** The server message for a message name in a locale's catalogue, params filled in. */
export function serverMessage(name: MessageName, locale: Locale, params: MessageParams = {}): string {
  const catalogue = catalogues[languageOf(locale).catalogue] ?? en;
  const template = catalogue[name] ?? en[name];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

export function serverCatalogueNames(): Catalogue[] {
  return Object.keys(catalogues) as Catalogue[];
}
