import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { claimStatuses } from '@parade/core/enums';
import type { VendorClaim } from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { DateFilterInput } from '@/components/date-filter-input';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { useCancelClaim } from '@/features/claims/api/change-claim';
import { useClaims } from '@/features/claims/api/get-claims';
import { ConfirmClaimModal } from '@/features/claims/components/confirm-claim-modal';
import { MarkUsedModal } from '@/features/claims/components/mark-used-modal';
import { useOfferOptions } from '@/features/offers/api/get-offers';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatDiscount, formatMoney } from '@/lib/format';

const statusFilter = [
  { value: '', label: 'All' },
  ...claimStatuses.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) })),
];

/**
 * The claims inbox: a customer at the counter shows their claim code, the shopkeeper types it in
 * the search, confirms the claim, then marks it used against the order it was taken off.
 */
export function Component() {
  const list = useListParams(['status', 'offer_id', 'from', 'to'] as const);
  const { status, offer_id, from, to } = list.filters;
  const claims = useClaims({
    page: list.page > 1 ? String(list.page) : undefined,
    search: list.search || undefined,
    status: (status || undefined) as VendorClaim['status'] | undefined,
    offer_id: offer_id ? Number(offer_id) : undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const offerOptions = useOfferOptions();
  const cancel = useCancelClaim();
  const [confirming, setConfirming] = useState<VendorClaim | null>(null);
  const [markingUsed, setMarkingUsed] = useState<VendorClaim | null>(null);

  const askCancel = async (claim: VendorClaim) => {
    const yes = await confirmAction({
      title: `Cancel claim ${claim.code}?`,
      message: `${claim.customer.name} can no longer use it, and its place on "${claim.offer.title}" is given back.`,
      confirmLabel: 'Cancel claim',
    });
    if (!yes) return;
    cancel.mutate(
      { id: claim.id, body: {} },
      {
        onSuccess: () => notifySuccess(`Claim ${claim.code} is cancelled.`),
        onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not cancel it.'),
      },
    );
  };

  const columns: DataTableColumn<VendorClaim>[] = [
    {
      accessor: 'code',
      title: 'Code',
      noWrap: true,
      render: (c) => (
        <Text fw={700} ff="monospace">
          {c.code}
        </Text>
      ),
    },
    {
      accessor: 'offer.title',
      title: 'Offer',
      render: (c) => (
        <Stack gap={0} miw={150}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.offer.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDiscount(c.offer.discount_type, c.offer.discount_value)}
            {c.offer.points_reward > 0 ? ` · +${c.offer.points_reward} points` : ''}
            {c.via_qr ? ' · scanned QR' : ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'customer.name',
      title: 'Customer',
      render: (c) => (
        <Stack gap={0} miw={150}>
          <Text size="sm">{c.customer.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {c.customer.email}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'created_at',
      title: 'Claimed',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(c.created_at)}</Text>
          {(c.status === 'pending' || c.status === 'confirmed') && c.expires_at && (
            <Text size="xs" c="dimmed">
              Expires {formatDateTime(c.expires_at)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (c) => (
        <Stack gap={2} align="flex-start" miw="max-content">
          <StatusBadge status={c.status} />
          {c.status === 'used' && (
            <Text size="xs" c="dimmed">
              {c.order_id ? `Order #${c.order_id}` : 'No order'}
              {c.discount_applied !== null ? ` · ${formatMoney(c.discount_applied)} off` : ''}
            </Text>
          )}
          {c.vendor_notes && (
            <Text
              size="xs"
              c="dimmed"
              lineClamp={2}
              maw={200}
              style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            >
              Note: {c.vendor_notes}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {c.status === 'pending' && (
            <Button size="compact-sm" onClick={() => setConfirming(c)} aria-label={`Confirm claim ${c.code}`}>
              Confirm
            </Button>
          )}
          {c.status === 'confirmed' && (
            <Button size="compact-sm" onClick={() => setMarkingUsed(c)} aria-label={`Mark claim ${c.code} used`}>
              Mark used
            </Button>
          )}
          {(c.status === 'pending' || c.status === 'confirmed') && (
            <Button
              size="compact-sm"
              variant="outline"
              color="error"
              onClick={() => askCancel(c)}
              loading={cancel.isPending && cancel.variables?.id === c.id}
              aria-label={`Cancel claim ${c.code}`}
            >
              Cancel
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const filtered = Boolean(list.search || status || offer_id || from || to);
  return (
    <Stack gap="md">
      <PageHeader
        title="Claims"
        description="Customers' claims of your offers. Type the code a customer shows you, confirm it, then mark it used against their order."
      />
      <ServerTable<VendorClaim>
        label="Claims"
        columns={columns}
        result={claims.data}
        fetching={claims.isFetching}
        error={claims.error}
        onRetry={() => claims.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Claim code, customer or offer' }}
        toolbar={
          <>
            <Select
              label="Status"
              data={statusFilter}
              value={status}
              onChange={(value) => list.setFilter('status', value ?? '')}
              allowDeselect={false}
              w={150}
            />
            <Select
              label="Offer"
              data={[{ value: '', label: 'All offers' }, ...(offerOptions.data ?? [])]}
              value={offer_id}
              onChange={(value) => list.setFilter('offer_id', value ?? '')}
              allowDeselect={false}
              searchable
              placeholder={offerOptions.isPending ? 'Loading offers…' : undefined}
              w={{ base: '100%', sm: 220 }}
            />
            <DateFilterInput label="From" value={from} onChange={(value) => list.setFilter('from', value)} />
            <DateFilterInput label="To" value={to} onChange={(value) => list.setFilter('to', value)} />
          </>
        }
        noRecordsText={
          filtered ? 'No claim matches.' : 'No claims yet. They appear here when customers claim your offers.'
        }
      />
      <ConfirmClaimModal claim={confirming} onClose={() => setConfirming(null)} />
      <MarkUsedModal claim={markingUsed} onClose={() => setMarkingUsed(null)} />
    </Stack>
  );
}
