type Query = Record<string, string | number | null | undefined>;

/** "?a=1&b=x" from the non-empty values, or "" when there are none. */
export function queryString(query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every in-app link is built here, so a route change is one edit. */
export const paths = {
  home: () => '/',
  products: (query?: Query) => `/products${queryString(query)}`,
  product: (shopSlug: string, productSlug: string, variationSlug: string) =>
    `/${shopSlug}/product/${productSlug}/${variationSlug}`,
  vendors: (query?: Query) => `/vendors${queryString(query)}`,
  vendor: (slug: string) => `/vendor/${slug}`,
  vendorProducts: (slug: string, query?: Query) => `/vendor/${slug}/products${queryString(query)}`,
  vendorFeatured: (slug: string) => `/vendor/${slug}/featured`,
  vendorOffers: (slug: string, query?: Query) => `/vendor/${slug}/offers${queryString(query)}`,
  vendorQrOffers: (slug: string, query?: Query) => `/vendor/${slug}/qr-offers${queryString(query)}`,
  /** My Offer, as the shop's printed QR code opens it (`qr` the code; `offer` on a per-offer code). */
  vendorMyOffer: (slug: string, qr: string, query?: Query) =>
    `/vendor/${slug}/my-offer${queryString({ qr, ...query })}`,
  blog: (query?: Query) => `/blog${queryString(query)}`,
  blogPost: (slug: string) => `/blog/${slug}`,
  ubmOffers: (query?: Query) => `/ubm-offers${queryString(query)}`,
  privacy: () => '/privacy-policy',
  terms: () => '/terms-and-condition',
  contact: () => '/contact',
  /** A page written in the admin (the spec's own pages keep their routes: privacy, terms, contact). */
  page: (slug: string) => `/page/${encodeURIComponent(slug)}`,
  cartDetails: () => '/cart-details',
  login: (redirect?: string) => `/auth/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
  register: (redirect?: string) => `/auth/register${queryString({ redirect })}`,
  forgotPassword: () => '/auth/forgot',
  resetPassword: (token: string) => `/auth/reset-password/${encodeURIComponent(token)}`,
  checkMail: () => '/mail',
  manage: () => '/manage',
  profile: () => '/profile',
  profileAddress: () => '/profile/address',
  profileSecurity: () => '/profile/security',
  orders: (query?: Query) => `/profile/orders${queryString(query)}`,
  order: (id: number) => `/profile/orders/${id}`,
  track: (orderId?: number) => `/profile/track${queryString({ order: orderId })}`,
  supportTickets: (query?: Query) => `/profile/support-ticket${queryString(query)}`,
  ticket: (id: number) => `/profile/ticket-details/${id}`,
  orderReturns: (query?: Query) => `/profile/order-return${queryString(query)}`,
  /** Main-layout digital products (spec section 2: needs the stored token, else goes to /login). */
  digitalProducts: () => '/digital-products',
  profileDigitalProducts: (query?: Query) => `/profile/digital-products${queryString(query)}`,
  rewardPoints: (query?: Query) => `/profile/reward-points${queryString(query)}`,
  profileOffers: (query?: Query) => `/profile/offers${queryString(query)}`,
  favourites: () => '/profile/favourites',
  /** The spec's /login: forwards to Login (`login` above) with the same redirect. */
  loginShortcut: (redirect?: string) => `/login${queryString({ redirect })}`,
  profileShop: () => '/profile/shop',
  profileCreateShop: () => '/profile/create-shop',
  checkout: () => '/cart',
  orderPayment: (invoice: string) => `/order/pay/${encodeURIComponent(invoice)}`,
  orderSuccess: (invoice: string) => `/order/success${queryString({ invoice })}`,
  invoice: (invoice: string) => `/order/invoice/${encodeURIComponent(invoice)}`,
} as const;
