import { Anchor, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { StatusBadge } from '@/components/status-badge';
import { useShop } from '@/features/shop-profile/api/get-shop';
import { ShopImageUpload } from '@/features/shop-profile/components/shop-image-upload';
import { ShopProfileForm } from '@/features/shop-profile/components/shop-profile-form';

export function Component() {
  const shop = useShop();
  // A fresh form on every visit: coming back right after "Leave without saving", before React has
  // drawn the page left for, must not find the discarded edits in a form React kept mounted.
  const visit = useLocation().key;
  return (
    <Stack gap="md">
      <PageHeader
        title="Shop profile"
        description={shop.data ? `${shop.data.name}: what shoppers see about your shop.` : undefined}
        actions={
          shop.data && (
            <>
              <StatusBadge status={shop.data.status} />
              <Anchor href={`/vendor/${shop.data.slug}`} target="_blank" rel="noopener" size="sm">
                View your shop page (opens in a new tab)
              </Anchor>
            </>
          )
        }
      />
      {shop.isPending ? (
        <LoadingState />
      ) : shop.isError ? (
        <ErrorState error={shop.error} onRetry={() => shop.refetch()} />
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <ShopImageUpload kind="logo" current={shop.data.logo?.url ?? null} />
              <ShopImageUpload kind="banner" current={shop.data.banner?.url ?? null} />
            </SimpleGrid>
          </Paper>
          <ShopProfileForm key={`${shop.data.id}:${visit}`} shop={shop.data} />
        </>
      )}
    </Stack>
  );
}
