import {
  IconArrowBackUp,
  IconArticle,
  IconBuildingBank,
  IconBuildingStore,
  IconCategory,
  IconChartPie,
  IconClipboardList,
  IconCurrencyPound,
  IconDiscount,
  IconFiles,
  IconFileText,
  IconInbox,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMail,
  IconPackage,
  IconQrcode,
  IconReportMoney,
  IconRosetteDiscount,
  IconSettings,
  IconShieldLock,
  IconSlideshow,
  IconStar,
  IconTicket,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { StaffRole } from './session-store';

/**
 * Every page of the site, once. The router (app/router.tsx), the path helpers (lib/paths.ts) and
 * the side navigation (app/layout/navigation.ts) are made from these lists, so a page is added,
 * renamed or moved here only. What the site map cannot hold is each page's lazy screen: screens
 * live in src/app, which src/lib never imports, so the router pairs them with these pages by key
 * (and the type checker refuses a page without a screen).
 */

export type NavIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

export interface SitePage {
  /** The page's URL below the router's basename (/admin); `:name` marks its one parameter. */
  path: string;
  /** Its name in the breadcrumbs, and in the side navigation when it has an icon. */
  label: string;
  /** Pages with an icon are in the area's side navigation, in the order of this list. */
  icon?: NavIcon;
}

/**
 * A signed-in area's pages. Its `dashboard` is the area's home and the first crumb; a page whose
 * path goes on below another's (orders/:orderId under orders) is nested under it, so the
 * breadcrumbs read Dashboard > Orders > Order.
 */
export type AreaPages = { dashboard: SitePage } & Record<string, SitePage>;

/** The shopkeeper's area. */
export const vendorPages = {
  dashboard: { path: '/vendor', label: 'Dashboard', icon: IconLayoutDashboard },
  orders: { path: '/vendor/orders', label: 'Orders', icon: IconClipboardList },
  order: { path: '/vendor/orders/:orderId', label: 'Order' },
  returns: { path: '/vendor/returns', label: 'Returns', icon: IconArrowBackUp },
  reviews: { path: '/vendor/reviews', label: 'Reviews', icon: IconStar },
  tickets: { path: '/vendor/tickets', label: 'Tickets', icon: IconLifebuoy },
  ticket: { path: '/vendor/tickets/:ticketId', label: 'Ticket' },
  products: { path: '/vendor/products', label: 'Products', icon: IconPackage },
  newProduct: { path: '/vendor/products/new', label: 'New product' },
  product: { path: '/vendor/products/:productId', label: 'Edit product' },
  money: { path: '/vendor/money', label: 'Money', icon: IconCurrencyPound },
  statement: { path: '/vendor/money/statement', label: 'Statement' },
  coupons: { path: '/vendor/coupons', label: 'Coupons', icon: IconTicket },
  offers: { path: '/vendor/offers', label: 'Offers', icon: IconDiscount },
  claims: { path: '/vendor/claims', label: 'Claims', icon: IconInbox },
  qrCode: { path: '/vendor/qr-code', label: 'QR code', icon: IconQrcode },
  offerStats: { path: '/vendor/offer-stats', label: 'Offer stats', icon: IconChartPie },
  shop: { path: '/vendor/shop', label: 'Shop profile', icon: IconBuildingStore },
  account: { path: '/vendor/account', label: 'Account', icon: IconShieldLock },
} as const satisfies AreaPages;

/** The platform admin's area. */
export const adminPages = {
  dashboard: { path: '/platform', label: 'Dashboard', icon: IconLayoutDashboard },
  orders: { path: '/platform/orders', label: 'Orders', icon: IconClipboardList },
  order: { path: '/platform/orders/:orderId', label: 'Order' },
  finance: { path: '/platform/finance', label: 'Finance', icon: IconReportMoney },
  payouts: { path: '/platform/payouts', label: 'Payouts', icon: IconBuildingBank },
  payoutRun: { path: '/platform/payouts/:runId', label: 'Payout run' },
  shopRequests: { path: '/platform/shop-requests', label: 'Shop requests', icon: IconUserCheck },
  shops: { path: '/platform/shops', label: 'Shops', icon: IconBuildingStore },
  users: { path: '/platform/users', label: 'Users', icon: IconUsers },
  tickets: { path: '/platform/tickets', label: 'Tickets', icon: IconLifebuoy },
  reviews: { path: '/platform/reviews', label: 'Reviews', icon: IconStar },
  ticket: { path: '/platform/tickets/:ticketId', label: 'Ticket' },
  mailOutbox: { path: '/platform/mail-outbox', label: 'Mail outbox', icon: IconMail },
  settings: { path: '/platform/settings', label: 'Settings', icon: IconSettings },
  content: { path: '/platform/content', label: 'Categories and brands', icon: IconCategory },
  sliders: { path: '/platform/sliders', label: 'Home sliders', icon: IconSlideshow },
  pages: { path: '/platform/pages', label: 'Pages', icon: IconFiles },
  newPage: { path: '/platform/pages/new', label: 'New page' },
  page: { path: '/platform/pages/:pageId', label: 'Edit page' },
  blogPosts: { path: '/platform/blog', label: 'Blog posts', icon: IconArticle },
  newBlogPost: { path: '/platform/blog/new', label: 'New post' },
  blogPost: { path: '/platform/blog/:postId', label: 'Edit post' },
  blogCategories: { path: '/platform/blog-categories', label: 'Blog categories', icon: IconFileText },
  deals: { path: '/platform/deals', label: 'UBM deals', icon: IconRosetteDiscount },
  coupons: { path: '/platform/coupons', label: 'Platform coupons', icon: IconTicket },
  account: { path: '/platform/account', label: 'Account', icon: IconShieldLock },
} as const satisfies AreaPages;

/** Each role's area: only that role may open its pages. */
export const areaPages = { vendor: vendorPages, admin: adminPages } as const satisfies Record<StaffRole, AreaPages>;

/** The one page outside the areas (the site's root only redirects, to sign-in or a home). */
export const signInPath = '/sign-in';
