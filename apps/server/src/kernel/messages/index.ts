import { languageOf, type Catalogue, type Locale } from '@quay/core';
import type { MessageName } from './names';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { id } from './id';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { sv } from './sv';
import { th } from './th';
import { tr } from './tr';
import { uk } from './uk';
import { uz } from './uz';
import { vi } from './vi';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

type ServerCatalogue = Record<MessageName, string>;

const catalogues: Record<Catalogue, ServerCatalogue> = {
  en,
  ja: ja,
  vi: vi,
  ru: ru,
  es: es,
  tr: tr,
  it: it,
  fr: fr,
  de: de,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  pt: pt,
  id: id,
  th: th,
  ko: ko,
  pl: pl,
  uk: uk,
  uz: uz,
  ar: ar,
  nl: nl,
  sv: sv,
};

export type MessageParams = Record<string, string | number>;

/** The server message for a message name in a locale's catalogue, params filled in. */
export function serverMessage(
  name: MessageName,
  locale: Locale,
  params: MessageParams = {},
): string {
  const catalogue = catalogues[languageOf(locale).catalogue];
  const template = catalogue[name] ?? en[name];
  // Most answers carry a message without placeholders ("Success" on every call).
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

export function serverCatalogueNames(): Catalogue[] {
  return Object.keys(catalogues) as Catalogue[];
}
