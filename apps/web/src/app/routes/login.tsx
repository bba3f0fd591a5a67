import { safeRedirectTarget } from '@parade/core/auth-rules';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { bootSession } from '@/features/auth/session-boot';
import { paths } from '@/lib/paths';
import { isSignedIn } from '@/lib/session-store';

/**
 * /login, where spec section 2 sends a guest from /digital-products: it forwards to the Login
 * screen (/auth/login) with the same redirect target, or straight to that target for someone
 * already signed in (as Login itself would). Only paths inside this site are followed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const given = new URL(request.url).searchParams.get('redirect');
  const target = safeRedirectTarget(given, paths.profile());
  await bootSession();
  if (isSignedIn()) throw redirect(target);
  throw redirect(paths.login(given === null ? undefined : target));
}

/** Never shown: the loader always redirects. */
export function Component() {
  return null;
}
