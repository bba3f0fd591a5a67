import type { StaffRole } from './session-store';
import { type AreaPages, adminPages, areaPages, signInPath, vendorPages } from './site-map';

/** A page's link: its path, or for a page with a parameter (`:orderId`) a function of the id. */
type Href<Path extends string> = Path extends `${string}:${string}` ? (id: number | string) => string : string;
type Hrefs<Pages extends AreaPages> = { [Key in keyof Pages]: Href<Pages[Key]['path']> };

/** An area's links, by the site map's page keys. */
function hrefs<Pages extends AreaPages>(pages: Pages): Hrefs<Pages> {
  const links = Object.entries(pages).map(([key, { path }]) => [
    key,
    path.includes(':') ? (id: number | string) => path.replace(/:[^/]+/, String(id)) : path,
  ]);
  return Object.fromEntries(links) as Hrefs<Pages>;
}

/** Every page's link, relative to the router's basename (/admin), made from the site map (lib/site-map.ts). */
export const paths = {
  signIn: signInPath,
  vendor: hrefs(vendorPages),
  admin: hrefs(adminPages),
} as const;

/** Storefront pages the admin links to (the storefront is served at the origin's root, beside /admin/). */
export const storefrontPaths = {
  blogPost: (slug: string) => `/blog/${slug}`,
  shop: (slug: string) => `/vendor/${slug}`,
  /** A product's page names one of its variations; a product without one has no page of its own, so its shop's. */
  product: (product: { shop_slug: string; slug: string; variation_slug: string | null }) =>
    product.variation_slug
      ? `/${product.shop_slug}/product/${product.slug}/${product.variation_slug}`
      : `/vendor/${product.shop_slug}`,
} as const;

/** Where a role lands after signing in: its area's dashboard. */
export const homeFor = (role: StaffRole): string => areaPages[role].dashboard.path;
