import { Button, type ButtonProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useSettings } from '@/features/content/api/get-settings';

/** Where the API serves the merchant site when ADMIN_URL does not say otherwise. */
const DEFAULT_ADMIN_SITE = '/admin/';

/**
 * "Go to the merchant site": the same address as the header's Merchant Login (ADMIN_URL, which
 * the API publishes as the setting admin_url), in a new tab as the spec has merchant login open.
 */
export function MerchantSiteLink(props: ButtonProps) {
  const adminUrl = useSettings().data?.admin_url || DEFAULT_ADMIN_SITE;
  return (
    <Button
      component="a"
      href={adminUrl}
      target="_blank"
      rel="noopener"
      rightSection={<IconExternalLink size={18} aria-hidden />}
      aria-label="Go to the merchant site (opens in a new tab)"
      {...props}
    >
      Go to the merchant site
    </Button>
  );
}
