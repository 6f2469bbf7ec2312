import type { HelpArticle, LegalDoc, LegalDocument } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useSettings } from '../../../platform/settings/settings-store';

/** The operator's pages change rarely; each language is its own answer. */
const PAGE_STALE_MS = 5 * 60_000;

export function fetchLegal(doc: LegalDoc) {
  return request<LegalDocument>(`/public/legal/${doc}`, { silent: true });
}

export const legalQuery = (doc: LegalDoc, language: string) =>
  queryOptions({
    queryKey: ['content', 'legal', doc, language],
    queryFn: () => fetchLegal(doc),
    staleTime: PAGE_STALE_MS,
    retry: false,
  });

export function useLegal(doc: LegalDoc) {
  const language = useSettings((s) => s.language);
  return useQuery(legalQuery(doc, language));
}

export function fetchHelpArticles() {
  return request<HelpArticle[]>('/public/help');
}

export const helpArticlesQuery = (language: string) =>
  queryOptions({
    queryKey: ['content', 'help', language],
    queryFn: fetchHelpArticles,
    staleTime: PAGE_STALE_MS,
  });

export function useHelpArticles() {
  const language = useSettings((s) => s.language);
  return useQuery(helpArticlesQuery(language));
}

export function fetchHelpArticle(slug: string) {
  return request<HelpArticle>(`/public/help/${encodeURIComponent(slug)}`, { silent: true });
}

export const helpArticleQuery = (slug: string, language: string) =>
  queryOptions({
    queryKey: ['content', 'help', language, slug],
    queryFn: () => fetchHelpArticle(slug),
    staleTime: PAGE_STALE_MS,
    retry: false,
  });

export function useHelpArticle(slug: string) {
  const language = useSettings((s) => s.language);
  return useQuery(helpArticleQuery(slug, language));
}
