import type { StaffRole } from '@/lib/session-store';
import { areaPages, type NavIcon } from '@/lib/site-map';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
  /** The dashboard is active on its own path only; other items on their sub-pages too. */
  end: boolean;
}

/** An area's side navigation: the site map's pages with an icon, in its order (lib/site-map.ts). */
export function navigationFor(role: StaffRole): NavItem[] {
  const pages = areaPages[role];
  return Object.values(pages).flatMap((page) =>
    'icon' in page ? [{ label: page.label, to: page.path, icon: page.icon, end: page === pages.dashboard }] : [],
  );
}
