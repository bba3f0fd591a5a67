import {
  IconBuildingStore,
  IconClipboardList,
  IconFileText,
  IconLayoutDashboard,
  IconPackage,
  IconSettings,
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
  { label: 'Products', to: paths.vendor.products, icon: IconPackage },
  { label: 'Coupons', to: paths.vendor.coupons, icon: IconTicket },
  { label: 'Shop profile', to: paths.vendor.shop, icon: IconBuildingStore },
];

export const adminNav: NavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: IconLayoutDashboard, end: true },
  { label: 'Shop requests', to: paths.admin.shopRequests, icon: IconUserCheck },
  { label: 'Shops', to: paths.admin.shops, icon: IconBuildingStore },
  { label: 'Users', to: paths.admin.users, icon: IconUsers },
  { label: 'Settings', to: paths.admin.settings, icon: IconSettings },
  { label: 'Content', to: paths.admin.content, icon: IconFileText },
];
