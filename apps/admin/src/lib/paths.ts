/** Every route of the site, relative to the router's basename (/admin). */
export const paths = {
  signIn: '/sign-in',
  vendor: {
    dashboard: '/vendor',
    orders: '/vendor/orders',
    order: (id: number | string) => `/vendor/orders/${id}`,
    returns: '/vendor/returns',
    products: '/vendor/products',
    newProduct: '/vendor/products/new',
    product: (id: number | string) => `/vendor/products/${id}`,
    coupons: '/vendor/coupons',
    qrCode: '/vendor/qr-code',
    offers: '/vendor/offers',
    claims: '/vendor/claims',
    offerStats: '/vendor/offer-stats',
    shop: '/vendor/shop',
    tickets: '/vendor/tickets',
    ticket: (id: number | string) => `/vendor/tickets/${id}`,
  },
  admin: {
    dashboard: '/platform',
    shopRequests: '/platform/shop-requests',
    shops: '/platform/shops',
    users: '/platform/users',
    tickets: '/platform/tickets',
    ticket: (id: number | string) => `/platform/tickets/${id}`,
    mailOutbox: '/platform/mail-outbox',
    settings: '/platform/settings',
    content: '/platform/content',
    sliders: '/platform/sliders',
    pages: '/platform/pages',
    newPage: '/platform/pages/new',
    page: (id: number | string) => `/platform/pages/${id}`,
    blogPosts: '/platform/blog',
    newBlogPost: '/platform/blog/new',
    blogPost: (id: number | string) => `/platform/blog/${id}`,
    blogCategories: '/platform/blog-categories',
    deals: '/platform/deals',
  },
} as const;

/** Storefront pages the admin links to (the storefront is served at the origin's root, beside /admin/). */
export const storefrontPaths = {
  blogPost: (slug: string) => `/blog/${slug}`,
} as const;

/** Where a role lands after signing in. */
export const homeFor = (role: 'vendor' | 'admin'): string =>
  role === 'vendor' ? paths.vendor.dashboard : paths.admin.dashboard;
