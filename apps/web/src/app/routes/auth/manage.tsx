import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useSettings } from '@/features/content/api/get-settings';

/** Where the API serves the merchant site when ADMIN_URL does not say otherwise. */
const DEFAULT_ADMIN_SITE = '/admin/';

/**
 * /manage: the merchant and admin site is a separate app (ADMIN_URL, published by the API as
 * the setting admin_url); send the browser there once the settings say where it is.
 */
export function Component() {
  const settings = useSettings();
  const adminSite = settings.data?.admin_url ?? DEFAULT_ADMIN_SITE;
  const ready = !settings.isPending;
  useEffect(() => {
    if (ready) window.location.replace(adminSite);
  }, [ready, adminSite]);
  return (
    <AuthCard title="Opening the merchant site">
      <PageMeta title="Merchant login" />
      <Stack align="center" gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">
          Taking you to the merchant site. <Anchor href={adminSite}>Open it now</Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
