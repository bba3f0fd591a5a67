import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';

/** Where merchants and the platform admin work; the API serves it at /admin/. */
const ADMIN_SITE = '/admin/';

/** /manage: the merchant and admin site is a separate app; send the browser there. */
export function Component() {
  useEffect(() => {
    window.location.replace(ADMIN_SITE);
  }, []);
  return (
    <AuthCard title="Opening the merchant site">
      <PageMeta title="Merchant login" />
      <Stack align="center" gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">
          Taking you to the merchant site. <Anchor href={ADMIN_SITE}>Open it now</Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
