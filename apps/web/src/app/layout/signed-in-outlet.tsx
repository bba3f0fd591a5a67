import { Outlet } from 'react-router';
import { RequireSession } from '@/features/auth/components/require-session';

/** Checkout and order screens: login required while they are open, like the profile area. */
export function SignedInOutlet() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}
