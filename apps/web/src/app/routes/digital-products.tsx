import { Container, Stack, Text, Title } from '@mantine/core';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { RequireSession } from '@/features/auth/components/require-session';
import { bootSession } from '@/features/auth/session-boot';
import { DigitalProductList } from '@/features/digital-products/components/digital-product-list';
import { getAuthToken } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { isSignedIn } from '@/lib/session-store';

/**
 * Spec section 2: /digital-products "requires authToken in local storage, otherwise goes to
 * /login". Checked before anything renders; a stored token the server no longer accepts (boot
 * signs it out) goes the same way. /login forwards to Login with this page as the redirect.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  if (getAuthToken() === null) throw redirect(paths.loginShortcut(here));
  await bootSession();
  if (!isSignedIn()) throw redirect(paths.loginShortcut(here));
  return null;
}

/** /digital-products in the main layout: the same list as the profile's, on a page of its own. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <RequireSession>
      <Container size="md" py={{ base: 'md', sm: 'xl' }}>
        <PageMeta title="Digital products" description="Download the e-books and other digital items you bought." />
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Digital products
            </Title>
            <Text c="dimmed">The digital items of your paid orders, ready to download.</Text>
          </div>
          <DigitalProductList page={page} onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
        </Stack>
      </Container>
    </RequireSession>
  );
}
