import {
  IconArrowBackUp,
  IconArticle,
  IconBuildingStore,
  IconCategory,
  IconChartPie,
  IconClipboardList,
  IconDiscount,
  IconFiles,
  IconFileText,
  IconInbox,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMail,
  IconPackage,
  IconQrcode,
  IconRosetteDiscount,
  IconSettings,
  IconSlideshow,
  IconTicket,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** The dashboard is active on its own path only; other items on their sub-pages too. */
  end?: boolean;
}

export const vendorNav: NavItem[] = [
  { label: 'Dashboard', to: paths.vendor.dashboard, icon: IconLayoutDashboard, end: true },
  { label: 'Orders', to: paths.vendor.orders, icon: IconClipboardList },
  { label: 'Returns', to: paths.vendor.returns, icon: IconArrowBackUp },
  { label: 'Tickets', to: paths.vendor.tickets, icon: IconLifebuoy },
  { label: 'Products', to: paths.vendor.products, icon: IconPackage },
  { label: 'Coupons', to: paths.vendor.coupons, icon: IconTicket },
  { label: 'Offers', to: paths.vendor.offers, icon: IconDiscount },
  { label: 'Claims', to: paths.vendor.claims, icon: IconInbox },
  { label: 'QR code', to: paths.vendor.qrCode, icon: IconQrcode },
  { label: 'Offer stats', to: paths.vendor.offerStats, icon: IconChartPie },
  { label: 'Shop profile', to: paths.vendor.shop, icon: IconBuildingStore },
];

export const adminNav: NavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: IconLayoutDashboard, end: true },
  { label: 'Shop requests', to: paths.admin.shopRequests, icon: IconUserCheck },
  { label: 'Shops', to: paths.admin.shops, icon: IconBuildingStore },
  { label: 'Users', to: paths.admin.users, icon: IconUsers },
  { label: 'Tickets', to: paths.admin.tickets, icon: IconLifebuoy },
  { label: 'Mail outbox', to: paths.admin.mailOutbox, icon: IconMail },
  { label: 'Settings', to: paths.admin.settings, icon: IconSettings },
  { label: 'Categories and brands', to: paths.admin.content, icon: IconCategory },
  { label: 'Home sliders', to: paths.admin.sliders, icon: IconSlideshow },
  { label: 'Pages', to: paths.admin.pages, icon: IconFiles },
  { label: 'Blog posts', to: paths.admin.blogPosts, icon: IconArticle },
  { label: 'Blog categories', to: paths.admin.blogCategories, icon: IconFileText },
  { label: 'UBM deals', to: paths.admin.deals, icon: IconRosetteDiscount },
];
