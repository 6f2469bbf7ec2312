import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openExternal } from '../../../platform/links/link-safety';
import { useLocalePath } from '../../../platform/locale/use-locale-path';

/** A server-given link: an in-app path stays in the app (in the page's language), anything else opens safely in a new tab. */
export function ContentLink({
  to,
  className,
  children,
  testId,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const localePath = useLocalePath();
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={localePath(to)} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={to}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        e.preventDefault();
        openExternal(to);
      }}
    >
      {children}
    </a>
  );
}
