/**
 * The storefront's URLs as the server must know them (issue 25, "Real status codes"): which
 * paths are pages of the storefront at all, and which name a thing that must exist (a product, a
 * shop, a post, a page) for the page to be found. apps/web's router is the source; a web test
 * (storefront-routes.test.ts) keeps this list in step with it.
 */

/** Every fixed path of the storefront (its router's static routes, in full). */
export const storefrontFixedPaths = [
  '/',
  '/products',
  '/vendors',
  '/blog',
  '/ubm-offers',
  '/privacy-policy',
  '/terms-and-condition',
  '/contact',
  '/cart-details',
  '/digital-products',
  '/login',
  '/cart',
  '/order/success',
  '/profile',
  '/profile/address',
  '/profile/orders',
  '/profile/track',
  '/profile/support-ticket',
  '/profile/order-return',
  '/profile/shop',
  '/profile/create-shop',
  '/profile/digital-products',
  '/profile/reward-points',
  '/profile/offers',
  '/profile/security',
  '/profile/favourites',
  '/unsubscribe/review-mails',
  '/auth/login',
  '/auth/register',
  '/auth/forgot',
  '/mail',
  '/manage',
] as const;

/**
 * Pages the admin writes that the storefront shows at a path of the spec's own: `/page/{slug}` of
 * one of them moves there for good (301), and the sitemap lists it there only, so a search engine
 * sees one address for it (issue 25).
 */
export const pagesAtFixedPaths: Readonly<Record<string, string>> = {
  'privacy-policy': '/privacy-policy',
  'terms-and-condition': '/terms-and-condition',
  contact: '/contact',
};

/** The spec's own path of an admin-written page, or undefined when it lives at `/page/{slug}`. */
export function fixedPathOfPage(slug: string): string | undefined {
  return Object.hasOwn(pagesAtFixedPaths, slug) ? pagesAtFixedPaths[slug] : undefined;
}

/** The tabs of a shop's page (/vendor/{slug}/{tab}). */
export const shopPageTabs = ['products', 'featured', 'offers', 'qr-offers', 'my-offer'] as const;

/**
 * What a storefront path shows: a fixed page; a page of the signed-in shopper's own (an order,
 * a ticket: found or not in the browser, with their token); a product, shop, post or page that
 * must exist; or null, no page at all (404).
 */
export type StorefrontPath =
  | { kind: 'fixed' }
  | { kind: 'private' }
  | { kind: 'product'; vendor: string; product: string; variation: string }
  | { kind: 'shop'; slug: string }
  | { kind: 'post'; slug: string }
  | { kind: 'page'; slug: string };

// Marked pure: a page that only needs pagesAtFixedPaths (the footer) leaves these out of its bundle.
const fixed = /* @__PURE__ */ new Set<string>(storefrontFixedPaths);
const tabs = /* @__PURE__ */ new Set<string>(shopPageTabs);

/** The storefront page a URL path names (decoded segments; a trailing slash ignored), or null. */
export function matchStorefrontPath(rawPath: string): StorefrontPath | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  if (fixed.has(path)) return { kind: 'fixed' };
  let segments: string[];
  try {
    segments = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '')) return null;
  const [first, second, third, fourth] = segments;
  switch (segments.length) {
    case 2:
      if (first === 'vendor') return { kind: 'shop', slug: second! };
      if (first === 'blog') return { kind: 'post', slug: second! };
      if (first === 'page') return { kind: 'page', slug: second! };
      return null;
    case 3:
      if (first === 'vendor' && tabs.has(third!)) return { kind: 'shop', slug: second! };
      if (first === 'order' && (second === 'pay' || second === 'invoice')) return { kind: 'private' };
      if (first === 'profile' && (second === 'orders' || second === 'ticket-details')) return { kind: 'private' };
      if (first === 'auth' && second === 'reset-password') return { kind: 'private' };
      return null;
    case 4:
      if (second === 'product') return { kind: 'product', vendor: first!, product: third!, variation: fourth! };
      return null;
    default:
      return null;
  }
}

/**
 * The fixed pages the server renders with their content (issue 25): the public ones. The cart,
 * a shopper's own pages and the sign-in screens depend on what only the browser holds (the cart
 * and the token in local storage), so the server sends them their frame (header and footer) or,
 * for the sign-in screens, the app's shell.
 */
const serverRenderedFixedPaths = /* @__PURE__ */ new Set<string>([
  '/',
  '/products',
  '/vendors',
  '/blog',
  '/ubm-offers',
  '/privacy-policy',
  '/terms-and-condition',
  '/contact',
]);

/** True when the server renders this path's page (a public page, or the Not Found page); else it sends the page's frame or the shell. */
export function isServerRenderedPath(rawPath: string): boolean {
  const page = matchStorefrontPath(rawPath);
  if (page === null) return true;
  if (page.kind === 'private') return false;
  if (page.kind === 'fixed')
    return serverRenderedFixedPaths.has(rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath);
  return true;
}
