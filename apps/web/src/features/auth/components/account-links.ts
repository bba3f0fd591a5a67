import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session-store';

/**
 * Spec section 2: when signed in the desktop nav also shows Profile and Track Your Order (which
 * goes to the orders). Empty for a guest, so the header can map it unconditionally.
 */
export function useAccountLinks(): { to: string; label: string }[] {
  return useIsLoggedIn() ? accountLinks : [];
}

/** The links themselves, for a part that draws them for a stored session before it is checked. */
export const accountLinks: { to: string; label: string }[] = [
  { to: paths.profile(), label: 'Profile' },
  { to: paths.orders(), label: 'Track Your Order' },
];
