import { Button, Group, Modal, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ClaimStatus, claimStatuses } from '@parade/core/enum-values';
import { messages } from '@parade/core/messages';
import type { Claim } from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notify } from '@/components/ui/notify';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useCancelClaim } from '@/features/offers/api/cancel-claim';
import { useClaims } from '@/features/offers/api/get-claims';
import { ClaimCard } from '@/features/offers/components/claim-card';
import { ClaimStats } from '@/features/offers/components/claim-stats';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { paths } from '@/lib/paths';

const statusFilter = [
  { value: 'all', label: 'All claims' },
  ...claimStatuses.map((status) => ({ value: status, label: status[0]?.toUpperCase() + status.slice(1) })),
];

const isStatus = (value: string | null): value is ClaimStatus =>
  value !== null && (claimStatuses as readonly string[]).includes(value);

/**
 * /profile/offers ("My Offers"): the customer's offer stats, then their claims, newest first, 15
 * a page, filtered by status (`?status&page`). A pending claim can be cancelled after a
 * confirmation (spec section 4: it becomes cancelled).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const claims = useClaims(page, status);
  const cancel = useCancelClaim();
  const [cancelling, setCancelling] = useState<Claim | null>(null);

  const go = (next: { page?: number; status?: string }) => {
    const query: Record<string, string> = {};
    const nextStatus = next.status ?? status ?? 'all';
    if (nextStatus !== 'all') query.status = nextStatus;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  const cancelClaim = (claim: Claim) =>
    cancel.mutate(claim.id, {
      onSuccess: () => notify({ kind: 'success', message: 'Your claim is cancelled.' }),
      onError: (error) =>
        notify({ kind: 'error', message: error instanceof ApiError ? error.message : messages.genericError }),
      onSettled: () => setCancelling(null),
    });

  return (
    <Stack gap="lg">
      <PageMeta title="My offers" description="The shop offers you claimed, their codes and what they saved you." />
      <Stack gap="xs">
        <Title order={2}>My offers</Title>
        <Text c="dimmed">
          Offers you claimed from shops on Parade. Show the code at the till; the shop confirms it and marks it used.
        </Text>
      </Stack>
      <ClaimStats />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={3}>Your claims</Title>
          <NativeSelect
            label="Status"
            size="md"
            data={statusFilter}
            value={status ?? 'all'}
            onChange={(event) => go({ status: event.currentTarget.value })}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        {claims.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading your claims">
            {placeholderKeys(3).map((key) => (
              <Skeleton key={key} height={150} radius="md" />
            ))}
          </Stack>
        ) : claims.isError ? (
          <ErrorState message={claims.error.message} onRetry={() => claims.refetch()} />
        ) : claims.data.data.length === 0 ? (
          status ? (
            <NothingHere title={`No ${status} claims`} description="Choose All claims to see every claim." />
          ) : (
            <NothingHere
              title="No claims yet"
              description="Shops on Parade post offers on their pages, and some unlock by scanning their QR code in store."
              action={
                <Button component={Link} to={paths.vendors()}>
                  Browse shops
                </Button>
              }
            />
          )
        ) : (
          <>
            <Stack gap="sm" component="section" aria-label="Claims">
              {claims.data.data.map((claim) => (
                <ClaimCard
                  key={claim.id}
                  claim={claim}
                  badge={<StatusBadge status={claim.status} label="Claim status" />}
                  onCancel={() => setCancelling(claim)}
                />
              ))}
            </Stack>
            <Paging
              page={page}
              total={claims.data.pagination.last_page}
              onChange={(next) => go({ page: next })}
              label="Claim pages"
            />
          </>
        )}
      </Stack>

      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel this claim?" size="sm">
        <Stack gap="md">
          <Text size="sm">
            {cancelling ? `"${cancelling.offer.title}" at ${cancelling.vendor.name}: ` : ''}
            the code will stop working and its place goes back to the offer. You may be able to claim it again while the
            offer runs.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button color="error" loading={cancel.isPending} onClick={() => cancelling && cancelClaim(cancelling)}>
              Cancel claim
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
