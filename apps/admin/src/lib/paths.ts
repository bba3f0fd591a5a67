/** Every route of the site, relative to the router's basename (/admin). */
export const paths = {
  signIn: '/sign-in',
  vendor: {
    dashboard: '/vendor',
    orders: '/vendor/orders',
    order: (id: number | string) => `/vendor/orders/${id}`,
    products: '/vendor/products',
    newProduct: '/vendor/products/new',
    product: (id: number | string) => `/vendor/products/${id}`,
    coupons: '/vendor/coupons',
    shop: '/vendor/shop',
  },
  admin: {
    dashboard: '/platform',
    shopRequests: '/platform/shop-requests',
    shops: '/platform/shops',
    users: '/platform/users',
    settings: '/platform/settings',
    content: '/platform/content',
  },
} as const;

/** Where a role lands after signing in. */
export const homeFor = (role: 'vendor' | 'admin'): string =>
  role === 'vendor' ? paths.vendor.dashboard : paths.admin.dashboard;
