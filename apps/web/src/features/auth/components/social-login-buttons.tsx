import { Button, Divider, Stack } from '@mantine/core';
import type { AuthProvider } from '@parade/core/auth-schemas';
import { paths } from '@/lib/paths';
import { useProviders } from '../api/get-providers';

const PENDING_KEY = 'parade.socialLogin';

interface PendingSocialLogin {
  provider: string;
  state: string;
  nonce: string;
  redirect: string | null;
}

const randomText = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Sends the shopper to the provider's sign-in page (OpenID Connect implicit flow: the provider
 * returns an ID token in the URL fragment of /auth/login). The state and nonce are kept for
 * this tab only, to match the answer to this request.
 */
function startSocialLogin(provider: AuthProvider, redirect: string | null): void {
  if (!provider.authorization_endpoint) return;
  const pending: PendingSocialLogin = { provider: provider.id, state: randomText(), nonce: randomText(), redirect };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: provider.client_id,
    response_type: 'id_token',
    response_mode: 'fragment',
    scope: 'openid email profile',
    redirect_uri: `${window.location.origin}${paths.login()}`,
    state: pending.state,
    nonce: pending.nonce,
  }).toString();
  window.location.assign(url.toString());
}

/**
 * The provider's answer in the URL fragment, when it matches the request this tab made.
 * Consumes the pending request, so a reload does not replay it.
 */
export function takeSocialLoginAnswer(
  hash: string,
): { provider: string; id_token: string; nonce: string; redirect: string | null } | { error: string } | null {
  const answer = new URLSearchParams(hash.replace(/^#/, ''));
  if (!answer.has('id_token') && !answer.has('error')) return null;
  const stored = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = stored ? (JSON.parse(stored) as PendingSocialLogin) : null;
  if (!pending || answer.get('state') !== pending.state)
    return { error: 'The sign-in could not be verified. Please try again.' };
  const idToken = answer.get('id_token');
  if (!idToken) return { error: 'The sign-in was cancelled.' };
  return { provider: pending.provider, id_token: idToken, nonce: pending.nonce, redirect: pending.redirect };
}

/** One button per configured provider; nothing at all when none is configured. */
export function SocialLoginButtons({ redirect }: { redirect: string | null }) {
  const { data } = useProviders();
  const providers = data?.providers.filter((p) => p.authorization_endpoint) ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          size="md"
          fullWidth
          onClick={() => startSocialLogin(provider, redirect)}
        >
          Continue with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
