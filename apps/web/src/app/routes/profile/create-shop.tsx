import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { shopRequestMessages } from '@parade/core/shop-request-schemas';
import { IconArrowLeft, IconBuildingStore, IconHourglass } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { MerchantSiteLink } from '@/app/components/merchant-site-link';
import { notify } from '@/components/ui/notify';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState } from '@/components/ui/states';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useShopRequest } from '@/features/shop-requests/api/get-shop-request';
import { CreateShopForm } from '@/features/shop-requests/components/create-shop-form';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-store';

/**
 * /profile/create-shop: the "create your shop" form. Someone with a request still waiting, or
 * who already runs a shop, is told so instead: one pending request at a time, one shop each.
 */
export function Component() {
  const { user } = useSession();
  const navigate = useNavigate();
  const shopRequest = useShopRequest();
  const categories = useCategories();
  const options = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const latest = shopRequest.data;
  const runsShop = user?.role === 'vendor' || latest?.status === 'accepted';

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <PageMeta title="Create your shop" />
      <Stack gap="md">
        <Anchor component={Link} to={paths.profileShop()} size="sm" style={{ alignSelf: 'flex-start' }}>
          <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> My shop
        </Anchor>
        <Title order={2} fz="h3">
          Create your shop
        </Title>
        {shopRequest.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading your shop request">
            <Skeleton height={40} />
            <Skeleton height={240} />
          </Stack>
        ) : shopRequest.isError ? (
          <ErrorState message={shopRequest.error.message} onRetry={() => shopRequest.refetch()} />
        ) : runsShop ? (
          <Alert color="accent" variant="light" icon={<IconBuildingStore aria-hidden />} title="You already run a shop">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{shopRequestMessages.alreadyVendor}</Text>
              <MerchantSiteLink />
            </Stack>
          </Alert>
        ) : latest?.status === 'pending' ? (
          <Alert color="secondary" variant="light" icon={<IconHourglass aria-hidden />} title="Your request is waiting">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                You asked to open {latest.shop_name}, and the Parade team has not decided yet. One request at a time:
                cancel it under My shop to send a different one.
              </Text>
              <Button component={Link} to={paths.profileShop()} variant="light">
                See your request
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text c="dimmed">
              Tell us about your shop. Shops on Parade are within our delivery area, so your neighbours can order from
              you for collection or delivery.
            </Text>
            {categories.isError && (
              <Text size="sm" c="error" role="alert">
                The categories did not load; you can send the request without one.
              </Text>
            )}
            <CreateShopForm
              categories={options}
              categoriesLoading={categories.isPending}
              onCreated={() => {
                notify({ kind: 'success', message: 'Your request has been sent. We will e-mail you our decision.' });
                navigate(paths.profileShop());
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
