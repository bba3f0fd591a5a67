import { redirect } from 'react-router';
import { homeFor, paths } from '@/lib/paths';
import { useSessionStore } from '@/lib/session-store';

/** Signed-in staff only; a guest goes to sign-in with the page they asked for. */
export function requireRole(role: 'vendor' | 'admin') {
  return ({ request }: { request: Request }) => {
    const { user } = useSessionStore.getState();
    if (!user) {
      const url = new URL(request.url);
      const from = url.pathname.replace(/^\/admin/, '') + url.search;
      throw redirect(`${paths.signIn}?redirect=${encodeURIComponent(from)}`);
    }
    // A vendor who opens a platform link (or the reverse) lands on their own home instead.
    if (user.role !== role) throw redirect(homeFor(user.role));
    return null;
  };
}

/** The site's root and the sign-in page send signed-in staff to their home. */
export function redirectSignedIn() {
  const { user } = useSessionStore.getState();
  if (user) throw redirect(homeFor(user.role));
  return null;
}
