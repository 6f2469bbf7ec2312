import { useMemo, useSyncExternalStore } from 'react';
import { currentProductDomains, subscribeProductDomains } from '../links/link-safety';
import { sanitizeHtml } from './sanitize';

/**
 * Server-provided HTML (announcements, P2P terms, coin descriptions) on a
 * page: always through the one sanitiser, never set raw anywhere else. Once
 * more when the product's domains arrive with the platform configuration: a
 * link to one of them is then not marked nofollow.
 */
export function RichText({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  const domains = useSyncExternalStore(
    subscribeProductDomains,
    currentProductDomains,
    currentProductDomains,
  );
  const clean = useMemo(() => sanitizeHtml(html, domains), [html, domains]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      data-testid={testId}
      // The one place raw HTML reaches the page, and it is sanitised just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
