import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

/** A link from content (slides, deals): in-app paths use the router, other addresses open in a new tab. */
export function AppLink({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  if (/^\/(?!\/)/.test(href)) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
