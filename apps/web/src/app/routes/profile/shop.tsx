import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { IconBuildingStore, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MerchantSiteLink } from '@/app/components/merchant-site-link';
import { notify } from '@/components/ui/notify';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useCancelShopRequest } from '@/features/shop-requests/api/cancel-shop-request';
import { type ShopCreateRequest, useShopRequest } from '@/features/shop-requests/api/get-shop-request';
import { ShopRequestSummary } from '@/features/shop-requests/components/shop-request-summary';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-store';

const signInHint = 'Sign in there with the same e-mail address and password you use on Parade.';

function CreateShopButton({ label = 'Create your shop' }: { label?: string }) {
  return (
    <Button component={Link} to={paths.profileCreateShop()} leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );
}

/** Someone who already runs a shop manages it in the merchant site, not here. */
function AlreadyVendor() {
  return (
    <Alert color="accent" variant="light" icon={<IconBuildingStore aria-hidden />} title="You run a shop on Parade">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Manage your shop, its products and its orders in the merchant site. {signInHint}</Text>
        <MerchantSiteLink />
      </Stack>
    </Alert>
  );
}

/** What to do next, by the request's status: cancel while pending, open the merchant site once accepted, or ask again. */
function NextStep({ request, onCancel }: { request: ShopCreateRequest; onCancel: () => void }) {
  if (request.status === 'pending') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">The Parade team is looking at your request. We will e-mail you our decision.</Text>
        <Button variant="outline" color="error" onClick={onCancel}>
          Cancel request
        </Button>
      </Stack>
    );
  }
  if (request.status === 'accepted') {
    return (
      <Alert color="accent" variant="light" icon={<IconCircleCheck aria-hidden />} title="Your shop is open">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Run {request.shop_name} from the merchant site. {signInHint}
          </Text>
          <MerchantSiteLink />
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        {request.status === 'rejected'
          ? 'You are welcome to send a new request once the reason above is addressed.'
          : 'You cancelled this request. You can send a new one at any time.'}
      </Text>
      <CreateShopButton />
    </Stack>
  );
}

/** /profile/shop ("My shop"): the caller's latest shop request and its status, and what they can do next. */
export function Component() {
  const { user } = useSession();
  const shopRequest = useShopRequest();
  const cancel = useCancelShopRequest();
  const [confirming, setConfirming] = useState(false);
  const isVendor = user?.role === 'vendor';

  const cancelRequest = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify({ kind: 'success', message: 'Your shop request is cancelled.' });
      },
      onError: (error) => {
        setConfirming(false);
        notify({ kind: 'error', message: error instanceof ApiError ? error.message : messages.genericError });
      },
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <PageMeta title="My shop" />
      <Stack gap="md">
        <Title order={2} fz="h3">
          My shop
        </Title>
        {shopRequest.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading your shop request">
            <Skeleton height={56} />
            <Skeleton height={140} />
          </Stack>
        ) : shopRequest.isError ? (
          <ErrorState message={shopRequest.error.message} onRetry={() => shopRequest.refetch()} />
        ) : shopRequest.data === null ? (
          isVendor ? (
            <AlreadyVendor />
          ) : (
            <NothingHere
              title="Open your own shop on Parade"
              description="Sell to your neighbours: tell us about your shop and we will set it up for you."
              action={<CreateShopButton />}
            />
          )
        ) : (
          <>
            <ShopRequestSummary
              request={shopRequest.data}
              status={<StatusBadge status={shopRequest.data.status} label="Request status" size="lg" />}
            />
            {isVendor && shopRequest.data.status !== 'accepted' ? (
              <AlreadyVendor />
            ) : (
              <NextStep request={shopRequest.data} onCancel={() => setConfirming(true)} />
            )}
          </>
        )}
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel your shop request?" size="sm">
        <Stack gap="md">
          <Text size="sm">The Parade team will no longer look at it. You can send a new request later.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button color="error" loading={cancel.isPending} onClick={cancelRequest}>
              Cancel request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
