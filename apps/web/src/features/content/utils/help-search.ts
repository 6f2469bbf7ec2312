import type { HelpArticle } from '@quay/core';

/** An article's text without its markup: for searching and excerpts, never for display as HTML. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<\/?(?:p|li|ul|ol|h[1-6]|br|div|blockquote|tr|td|th|table)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words of an article, cut at a word boundary. */
export function excerptOf(html: string, max = 150): string {
  const text = plainTextOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The articles that hold every word of the query, in title or text, ignoring
 * case; titles that hold them come first. An empty query keeps them all.
 */
export function searchHelp(
  articles: readonly HelpArticle[],
  query: string,
  locale?: string,
): HelpArticle[] {
  const words = query.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored = articles.flatMap((article) => {
    const title = article.title.toLocaleLowerCase(locale);
    const text = `${title} ${plainTextOf(article.bodyHtml).toLocaleLowerCase(locale)}`;
    if (!words.every((w) => text.includes(w))) return [];
    return [{ article, inTitle: words.every((w) => title.includes(w)) }];
  });
  return [...scored.filter((s) => s.inTitle), ...scored.filter((s) => !s.inTitle)].map(
    (s) => s.article,
  );
}
