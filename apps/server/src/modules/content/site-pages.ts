/**
 * The operator's pages: the legal texts and the help centre. The operator
 * writes them as HTML files under DATA_DIR/content (the first <h1> is the
 * title), one per language:
 *
 *   legal/terms.<locale>.html, legal/privacy.<locale>.html
 *   help/<slug>.<locale>.html  (a new slug adds an article to the centre)
 *
 * A page is read in the caller's locale, else its catalogue's, else English;
 * with no file at all, the software's default text in the catalogue's
 * language (legal) or in English (help) is shown. Files are read on each
 * call, so an edit shows at once, on every server that shares the folder.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  HELP_SLUG_PATTERN,
  languageOf,
  type HelpArticle,
  type LegalDoc,
  type LegalDocument,
  type Locale,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { DEFAULT_HELP_ARTICLES } from './help-articles';
import { DEFAULT_PRIVACY } from './legal-privacy';
import { DEFAULT_TERMS } from './legal-terms';
import { legalTextHtml } from './legal-text';

const DEFAULT_LEGAL = { terms: DEFAULT_TERMS, privacy: DEFAULT_PRIVACY } as const;
const SLUG = new RegExp(HELP_SLUG_PATTERN);
const HELP_FILE = /^([a-z0-9-]{1,64})\.[A-Za-z-]{2,8}\.html$/;
const TITLE = /<h1[^>]*>([\s\S]*?)<\/h1>/i;

interface OperatorText {
  title: string | null;
  bodyHtml: string;
  updatedAt: number;
}

/** The locales whose files a caller reads, best first. */
function fallbacks(locale: Locale): string[] {
  return [...new Set([locale, languageOf(locale).catalogue, 'en'])];
}

/** A file's title (its first <h1>, as text) and the rest as the body. */
function splitTitle(html: string): { title: string | null; bodyHtml: string } {
  const match = TITLE.exec(html);
  if (!match) return { title: null, bodyHtml: html.trim() };
  const title = (match[1] ?? '').replace(/<[^>]*>/g, '').trim();
  return { title: title || null, bodyHtml: html.replace(match[0], '').trim() };
}

export class SitePages {
  constructor(private readonly dir: string) {}

  private async operatorText(
    folder: string,
    name: string,
    locale: Locale,
  ): Promise<OperatorText | null> {
    for (const candidate of fallbacks(locale)) {
      const file = join(this.dir, folder, `${name}.${candidate}.html`);
      try {
        const [html, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
        if (html.trim() === '') continue;
        return { ...splitTitle(html), updatedAt: Math.floor(info.mtimeMs) };
      } catch {
        // No such file: the next language, then the default.
      }
    }
    return null;
  }

  async legal(doc: LegalDoc, locale: Locale): Promise<LegalDocument> {
    const fallback = DEFAULT_LEGAL[doc][languageOf(locale).catalogue];
    const own = await this.operatorText('legal', doc, locale);
    if (own)
      return {
        doc,
        title: own.title ?? fallback.title,
        bodyHtml: own.bodyHtml,
        updatedAt: own.updatedAt,
      };
    return { doc, title: fallback.title, bodyHtml: legalTextHtml(fallback), updatedAt: null };
  }

  /** The slugs of the centre: the defaults in their order, then the operator's own, sorted. */
  private async slugs(): Promise<string[]> {
    const defaults = DEFAULT_HELP_ARTICLES.map((a) => a.slug);
    let files: string[] = [];
    try {
      files = await readdir(join(this.dir, 'help'));
    } catch {
      // No help folder: the defaults only.
    }
    const own = files
      .flatMap((f) => HELP_FILE.exec(f)?.[1] ?? [])
      .filter((s) => !defaults.includes(s));
    return [...defaults, ...[...new Set(own)].sort()];
  }

  private async article(slug: string, locale: Locale): Promise<HelpArticle | null> {
    const fallback = DEFAULT_HELP_ARTICLES.find((a) => a.slug === slug);
    const own = await this.operatorText('help', slug, locale);
    if (own)
      return {
        slug,
        title: own.title ?? fallback?.title ?? slug,
        bodyHtml: own.bodyHtml,
        updatedAt: own.updatedAt,
      };
    return fallback ? { ...fallback, updatedAt: null } : null;
  }

  async helpArticles(locale: Locale): Promise<HelpArticle[]> {
    const articles = await Promise.all(
      (await this.slugs()).map((slug) => this.article(slug, locale)),
    );
    return articles.filter((a): a is HelpArticle => a !== null);
  }

  async helpArticle(slug: string, locale: Locale): Promise<HelpArticle> {
    const found = SLUG.test(slug) ? await this.article(slug, locale) : null;
    if (!found) throw appError('HELP_ARTICLE_NOT_FOUND');
    return found;
  }
}
