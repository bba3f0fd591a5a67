import { Box, Button, Group, Image, Select, Stack, Switch, Text } from '@mantine/core';
import { type Offer, offerStates } from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge, ToneBadge } from '@/components/status-badge';
import { useOffers } from '@/features/offers/api/get-offers';
import { useDeleteOffer, useToggleOffer } from '@/features/offers/api/save-offer';
import { OfferFormModal } from '@/features/offers/components/offer-form-modal';
import { OfferStatsDrawer } from '@/features/offers/components/offer-stats-drawer';
import { useListParams } from '@/hooks/use-list-params';
import { assetUrl } from '@/lib/api-client';
import { formatDate, formatDiscount, formatMoney } from '@/lib/format';

const stateLabels: Record<(typeof offerStates)[number], string> = {
  active: 'Active (claimable)',
  upcoming: 'Upcoming',
  ended: 'Ended',
  full: 'Full',
  inactive: 'Switched off',
};
const statusFilter = [{ value: '', label: 'All' }, ...offerStates.map((s) => ({ value: s, label: stateLabels[s] }))];

/** The shop's offers: create, edit, switch on and off, delete, and each one's stats. */
export function Component() {
  const list = useListParams(['status'] as const);
  const offers = useOffers({
    page: list.page > 1 ? String(list.page) : undefined,
    search: list.search || undefined,
    status: (list.filters.status || undefined) as Offer['state'] | undefined,
  });
  const toggle = useToggleOffer();
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<{ offer: Offer | null } | null>(null);
  const [statsFor, setStatsFor] = useState<Offer | null>(null);

  const askDelete = async (offer: Offer) => {
    const yes = await confirmAction({
      title: `Delete offer ${offer.title}?`,
      // The API keeps an offer with a used claim for the record (409 offer_has_used_claims): its message says so.
      message:
        offer.claims_count > 0
          ? 'Its claims that are not used yet are deleted with it. An offer with a used claim is kept for the record: switch it off instead.'
          : 'Customers can no longer see or claim it.',
      confirmLabel: 'Delete offer',
    });
    if (!yes) return;
    remove.mutate(offer.id, {
      onSuccess: () => notifySuccess(`Offer "${offer.title}" is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  const flip = (offer: Offer) =>
    toggle.mutate(offer.id, {
      onSuccess: ({ is_active }) =>
        notifySuccess(
          `"${offer.title}" is ${is_active ? 'on: customers can claim it' : 'off: hidden from customers'}.`,
        ),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not change it.'),
    });

  const columns: DataTableColumn<Offer>[] = [
    {
      accessor: 'title',
      title: 'Offer',
      render: (o) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {o.image ? <Image src={assetUrl(o.image)} alt="" w={48} h={48} radius="sm" fit="cover" /> : null}
          {/* A minimum width: on a phone the table scrolls sideways rather than stacking the title letter by letter. */}
          <Stack gap={2} miw={170}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {o.title}
            </Text>
            <Group gap={4}>
              {o.is_featured && <ToneBadge tone="accent">Featured</ToneBadge>}
              {o.qr_only && <ToneBadge tone="neutral">QR only</ToneBadge>}
            </Group>
          </Stack>
        </Group>
      ),
    },
    {
      accessor: 'discount_value',
      title: 'Discount',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{formatDiscount(o.discount_type, o.discount_value)}</Text>
          {o.min_spend > 0 && (
            <Text size="xs" c="dimmed">
              on {formatMoney(o.min_spend)} or more
            </Text>
          )}
          {o.points_reward > 0 && (
            <Text size="xs" c="dimmed">
              +{o.points_reward} points
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'ends_at',
      title: 'Runs',
      noWrap: true,
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(o.starts_at)}</Text>
          <Text size="sm">to {formatDate(o.ends_at)}</Text>
        </Stack>
      ),
    },
    {
      accessor: 'claims_count',
      title: 'Claims',
      render: (o) => (o.max_claims === null ? String(o.claims_count) : `${o.claims_count} of ${o.max_claims}`),
    },
    {
      accessor: 'state',
      title: 'Status',
      noWrap: true,
      // The badge keeps its whole word ("INACTIVE", not "INACT…"): the table scrolls sideways instead.
      render: (o) => (
        <Box miw="max-content">
          <StatusBadge status={o.state} />
        </Box>
      ),
    },
    {
      accessor: 'is_active',
      title: 'On',
      render: (o) => (
        <Switch
          checked={o.is_active}
          onChange={() => flip(o)}
          disabled={toggle.isPending && toggle.variables === o.id}
          aria-label={`Active: ${o.title}`}
        />
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (o) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing({ offer: o })}
            aria-label={`Edit ${o.title}`}
          >
            Edit
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => setStatsFor(o)} aria-label={`Stats of ${o.title}`}>
            Stats
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(o)}
            loading={remove.isPending && remove.variables === o.id}
            aria-label={`Delete ${o.title}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(list.search || list.filters.status);
  return (
    <Stack gap="md">
      <PageHeader
        title="Offers"
        description="Discounts customers claim from your shop page or by scanning your QR code at the counter."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ offer: null })}>
            New offer
          </Button>
        }
      />
      <ServerTable<Offer>
        label="Offers"
        columns={columns}
        result={offers.data}
        fetching={offers.isFetching}
        error={offers.error}
        onRetry={() => offers.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Title or description' }}
        toolbar={
          <Select
            label="Status"
            data={statusFilter}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value ?? '')}
            allowDeselect={false}
            w={190}
          />
        }
        noRecordsText={filtered ? 'No offer matches.' : 'No offers yet. Create one for your shop page and QR code.'}
      />
      <OfferFormModal opened={editing !== null} offer={editing?.offer ?? null} onClose={() => setEditing(null)} />
      <OfferStatsDrawer offer={statsFor} onClose={() => setStatsFor(null)} />
    </Stack>
  );
}
