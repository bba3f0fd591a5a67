import { isSitePath, safeHref } from '@parade/core/safe-link-rules';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link from content (slides, deals): in-app paths use the router, https addresses open in a
 * new tab. A stored link that is neither (a `javascript:` or `//host` link written before the
 * API checked them) renders no href at all: React would only warn and keep it.
 */
export function AppLink({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const safe = safeHref(href);
  if (safe === null) return <a {...rest}>{children}</a>;
  if (isSitePath(safe)) {
    return (
      <Link to={safe} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
