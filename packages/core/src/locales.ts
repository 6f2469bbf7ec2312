/**
 * Interface languages (spec sections 2 and 3). The path segment is the
 * locale; `languageType` is the numeric id the gateway receives on every call.
 * `catalogue` names the message catalogue a locale reads: the spec lets bg and
 * the English variants reuse English.
 */
export const LOCALES = [
  'bg',
  'en',
  'asia',
  'en-GB',
  'ja',
  'vi',
  'ru',
  'es',
  'tr',
  'it',
  'fr',
  'de',
  'zh-CN',
  'zh-TW',
  'zh-TC',
  'pt',
  'id',
  'th',
  'pl',
  'uk',
  'pt-PT',
  'es-ES',
  'uz',
  'ar',
  'ph',
  'ko',
  'en-IN',
  'en-ZA',
  'en-NG',
  'en-MY',
  'nl',
  'sv',
] as const;

export type Locale = (typeof LOCALES)[number];

/** Catalogues that hold their own translations; every locale reads one of them. */
export const CATALOGUES = [
  'en',
  'ja',
  'vi',
  'ru',
  'es',
  'tr',
  'it',
  'fr',
  'de',
  'zh-CN',
  'zh-TW',
  'pt',
  'id',
  'th',
  'ko',
  'pl',
  'uk',
  'uz',
  'ar',
  'nl',
  'sv',
] as const;

export type Catalogue = (typeof CATALOGUES)[number];

export interface LanguageEntry {
  locale: Locale;
  /** i18n key of the language, also the BCP 47 tag used for Intl formatting. */
  languageKey: string;
  /** The language's own name, shown in the picker. */
  languageName: string;
  languageType: number;
  catalogue: Catalogue;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: readonly LanguageEntry[] = [
  {
    locale: 'en',
    languageKey: 'en',
    languageName: 'English',
    languageType: 0,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'en-GB',
    languageKey: 'en-GB',
    languageName: 'English (UK)',
    languageType: 3,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'asia',
    languageKey: 'en-SG',
    languageName: 'English (Asia)',
    languageType: 0,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'ph',
    languageKey: 'en-PH',
    languageName: 'English (Philippines)',
    languageType: 17,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'en-IN',
    languageKey: 'en-IN',
    languageName: 'English (India)',
    languageType: 18,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'en-ZA',
    languageKey: 'en-ZA',
    languageName: 'English (South Africa)',
    languageType: 19,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'en-NG',
    languageKey: 'en-NG',
    languageName: 'English (Nigeria)',
    languageType: 0,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'en-MY',
    languageKey: 'en-MY',
    languageName: 'English (Malaysia)',
    languageType: 0,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'bg',
    languageKey: 'bg',
    languageName: 'Български',
    languageType: 0,
    catalogue: 'en',
    dir: 'ltr',
  },
  {
    locale: 'zh-CN',
    languageKey: 'zh-CN',
    languageName: '简体中文',
    languageType: 1,
    catalogue: 'zh-CN',
    dir: 'ltr',
  },
  {
    locale: 'zh-TW',
    languageKey: 'zh-TW',
    languageName: '繁體中文',
    languageType: 5,
    catalogue: 'zh-TW',
    dir: 'ltr',
  },
  {
    locale: 'zh-TC',
    languageKey: 'zh-HK',
    languageName: '繁體中文 (香港)',
    languageType: 5,
    catalogue: 'zh-TW',
    dir: 'ltr',
  },
  {
    locale: 'ja',
    languageKey: 'ja',
    languageName: '日本語',
    languageType: 2,
    catalogue: 'ja',
    dir: 'ltr',
  },
  {
    locale: 'vi',
    languageKey: 'vi',
    languageName: 'Tiếng Việt',
    languageType: 4,
    catalogue: 'vi',
    dir: 'ltr',
  },
  {
    locale: 'ru',
    languageKey: 'ru',
    languageName: 'Русский',
    languageType: 6,
    catalogue: 'ru',
    dir: 'ltr',
  },
  {
    locale: 'es-ES',
    languageKey: 'es-ES',
    languageName: 'Español (España)',
    languageType: 7,
    catalogue: 'es',
    dir: 'ltr',
  },
  {
    locale: 'es',
    languageKey: 'es-419',
    languageName: 'Español (Internacional)',
    languageType: 23,
    catalogue: 'es',
    dir: 'ltr',
  },
  {
    locale: 'tr',
    languageKey: 'tr',
    languageName: 'Türkçe',
    languageType: 8,
    catalogue: 'tr',
    dir: 'ltr',
  },
  {
    locale: 'it',
    languageKey: 'it',
    languageName: 'Italiano',
    languageType: 9,
    catalogue: 'it',
    dir: 'ltr',
  },
  {
    locale: 'fr',
    languageKey: 'fr',
    languageName: 'Français',
    languageType: 10,
    catalogue: 'fr',
    dir: 'ltr',
  },
  {
    locale: 'de',
    languageKey: 'de',
    languageName: 'Deutsch',
    languageType: 11,
    catalogue: 'de',
    dir: 'ltr',
  },
  {
    locale: 'pt',
    languageKey: 'pt-BR',
    languageName: 'Português (Brasil)',
    languageType: 12,
    catalogue: 'pt',
    dir: 'ltr',
  },
  {
    locale: 'pt-PT',
    languageKey: 'pt-PT',
    languageName: 'Português (Portugal)',
    languageType: 24,
    catalogue: 'pt',
    dir: 'ltr',
  },
  {
    locale: 'id',
    languageKey: 'id',
    languageName: 'Bahasa Indonesia',
    languageType: 13,
    catalogue: 'id',
    dir: 'ltr',
  },
  {
    locale: 'th',
    languageKey: 'th',
    languageName: 'ไทย',
    languageType: 14,
    catalogue: 'th',
    dir: 'ltr',
  },
  {
    locale: 'ko',
    languageKey: 'ko',
    languageName: '한국어',
    languageType: 15,
    catalogue: 'ko',
    dir: 'ltr',
  },
  {
    locale: 'nl',
    languageKey: 'nl',
    languageName: 'Nederlands',
    languageType: 16,
    catalogue: 'nl',
    dir: 'ltr',
  },
  {
    locale: 'pl',
    languageKey: 'pl',
    languageName: 'Polski',
    languageType: 20,
    catalogue: 'pl',
    dir: 'ltr',
  },
  {
    locale: 'uk',
    languageKey: 'uk',
    languageName: 'Українська',
    languageType: 21,
    catalogue: 'uk',
    dir: 'ltr',
  },
  {
    locale: 'sv',
    languageKey: 'sv',
    languageName: 'Svenska',
    languageType: 22,
    catalogue: 'sv',
    dir: 'ltr',
  },
  {
    locale: 'uz',
    languageKey: 'uz',
    languageName: 'Oʻzbekcha',
    languageType: 25,
    catalogue: 'uz',
    dir: 'ltr',
  },
  {
    locale: 'ar',
    languageKey: 'ar',
    languageName: 'العربية',
    languageType: 39,
    catalogue: 'ar',
    dir: 'rtl',
  },
];

export const DEFAULT_LOCALE: Locale = 'en';

const byLocale = new Map<string, LanguageEntry>(LANGUAGES.map((l) => [l.locale, l]));
const byLowerLocale = new Map<string, LanguageEntry>(
  LANGUAGES.map((l) => [l.locale.toLowerCase(), l]),
);

export function isLocale(value: string): value is Locale {
  return byLocale.has(value);
}

/**
 * A path segment or stored value as a supported locale: exact match first,
 * then case-insensitive (zh-cn becomes zh-CN); anything else is null.
 */
export function normaliseLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const exact = byLocale.get(value);
  if (exact) return exact.locale;
  return byLowerLocale.get(value.toLowerCase())?.locale ?? null;
}

/**
 * Other names of the page languages a path may carry: each language's own
 * tag (pt-BR, zh-HK), common spellings (zh, zh-Hant), and the languages of
 * the spec's languageType enum that have no page language of their own,
 * which fall back to English. Lower case.
 */
const LOCALE_ALIASES: ReadonlyMap<string, Locale> = new Map<string, Locale>([
  ...LANGUAGES.map((l) => [l.languageKey.toLowerCase(), l.locale] as const),
  ['zh', 'zh-CN'],
  ['zh-hans', 'zh-CN'],
  ['zh-hant', 'zh-TW'],
  ['en-us', 'en'],
  ['en-uk', 'en-GB'],
]);

/**
 * The locale a first path segment names: a page language in any case
 * (zh-cn is zh-CN) or one of its aliases (pt-BR is pt, fi falls back to en).
 * Anything else names no language: such a path is a page or not found.
 */
export function localeOfPathSegment(segment: string): Locale | null {
  return normaliseLocale(segment) ?? LOCALE_ALIASES.get(segment.toLowerCase()) ?? null;
}

/** Like normaliseLocale but falls back to English (spec section 5). */
export function resolveLocale(value: string | null | undefined): Locale {
  return normaliseLocale(value) ?? DEFAULT_LOCALE;
}

export function languageOf(locale: Locale): LanguageEntry {
  const entry = byLocale.get(locale);
  if (!entry) throw new Error(`unknown locale ${locale}`);
  return entry;
}

/** The locale a numeric languageType stands for (the first entry that carries it). */
export function localeOfLanguageType(languageType: number): Locale | null {
  return LANGUAGES.find((l) => l.languageType === languageType)?.locale ?? null;
}

/**
 * Matches a browser language tag (navigator.language, Accept-Language item)
 * to a supported locale by pattern; English when nothing fits.
 */
export function matchBrowserLanguage(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const t = tag.trim().toLowerCase();
  const direct = normaliseLocale(t);
  if (direct && direct !== 'asia' && direct !== 'ph') return direct;
  if (/^zh-(tw|hant)/.test(t)) return 'zh-TW';
  if (/^zh-(hk|mo)/.test(t)) return 'zh-TC';
  if (/^zh/.test(t)) return 'zh-CN';
  if (/^pt-pt/.test(t)) return 'pt-PT';
  if (/^pt/.test(t)) return 'pt';
  if (/^es-es/.test(t)) return 'es-ES';
  if (/^es/.test(t)) return 'es';
  if (/^en-(gb|uk)/.test(t)) return 'en-GB';
  if (/^en-ph/.test(t) || /^fil/.test(t)) return 'ph';
  if (/^en-(sg|hk)/.test(t)) return 'asia';
  if (/^in\b/.test(t)) return 'id';
  const [primary = '', region = ''] = t.split(/[-_]/);
  return normaliseLocale(`${primary}-${region}`) ?? normaliseLocale(primary) ?? DEFAULT_LOCALE;
}

/**
 * First supported locale in an Accept-Language header, by q-value order.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const items = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((i) => i.tag && i.tag !== '*')
    .sort((a, b) => b.q - a.q);
  for (const item of items) {
    const matched = matchBrowserLanguage(item.tag);
    if (matched !== DEFAULT_LOCALE || item.tag.toLowerCase().startsWith('en')) return matched;
  }
  return DEFAULT_LOCALE;
}
