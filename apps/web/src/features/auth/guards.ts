import { safeRedirectTarget } from '@parade/core/auth-rules';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '@/lib/paths';
import { isSignedIn } from '@/lib/session-store';
import { bootSession } from './session-boot';

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Spec section 2: a protected route sends a guest to Login with a redirect query holding the original path. */
export async function requireUserLoader({ request }: LoaderFunctionArgs) {
  await bootSession();
  if (!isSignedIn()) throw redirect(paths.login(here(request)));
  return null;
}

/** Spec section 2: login, register, forgot and reset send a signed-in user to the redirect target, else the profile. */
export async function guestOnlyLoader({ request }: LoaderFunctionArgs) {
  await bootSession();
  if (isSignedIn())
    throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get('redirect'), paths.profile()));
  return null;
}
