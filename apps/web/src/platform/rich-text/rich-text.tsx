import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

/**
 * Server-provided HTML (announcements, P2P terms, coin descriptions) on a
 * page: always through the one sanitiser, never set raw anywhere else.
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
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      data-testid={testId}
      // The one place raw HTML reaches the page, and it is sanitised just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
