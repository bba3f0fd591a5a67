import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useMatches } from 'react-router';

/** A route's `handle: { crumb }`: its name in the trail (a function when it depends on the URL). */
export interface CrumbHandle {
  crumb: string | ((params: Record<string, string | undefined>) => string);
}

const hasCrumb = (handle: unknown): handle is CrumbHandle =>
  typeof handle === 'object' && handle !== null && 'crumb' in handle;

/** The trail from the section's home to this page; the last entry is the current page. */
export function PageBreadcrumbs() {
  const crumbs = useMatches()
    .filter((match) => hasCrumb(match.handle))
    .map((match) => {
      const { crumb } = match.handle as CrumbHandle;
      return { to: match.pathname, label: typeof crumb === 'function' ? crumb(match.params) : crumb };
    });
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        {crumbs.map((crumb, i) =>
          i === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
