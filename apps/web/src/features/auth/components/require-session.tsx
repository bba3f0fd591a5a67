import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-store';

/**
 * Keeps a protected screen for signed-in users while it is open: when the session ends (logout,
 * or a 401 from any call) the screen gives way to Login, with a redirect back to it.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  return children;
}
