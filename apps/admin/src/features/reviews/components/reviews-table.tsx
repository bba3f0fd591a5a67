import { Anchor, Button, Group, Image, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ManagedReview } from '@parade/core/review-schemas';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useListParams } from '@/hooks/use-list-params';
import { assetUrl } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { paths, storefrontPaths } from '@/lib/paths';
import { type ReviewArea, useReviews } from '../api/get-reviews';
import { useShowReview } from '../api/moderate-review';
import { HideReviewModal } from './hide-review-modal';
import { ReplyModal } from './reply-modal';
import { ReviewStars } from './review-stars';

const starsFilter = [
  { value: '', label: 'All stars' },
  ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: n === 1 ? '1 star' : `${n} stars` })),
];

/** The orders the API knows (`sort`: a key, `-key` descending); the worst first is what a shopkeeper answers first. */
const orderChoices = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'rating', label: 'Fewest stars first' },
  { value: '-rating', label: 'Most stars first' },
];

const repliedFilter = (area: ReviewArea) => [
  { value: '', label: 'All' },
  { value: '0', label: 'Awaiting reply' },
  { value: '1', label: area === 'vendor' ? 'Replied' : 'Shop replied' },
];

const hiddenFilter = [
  { value: '', label: 'All' },
  { value: '0', label: 'Visible' },
  { value: '1', label: 'Hidden' },
];

/** The filters each area may send (a shop's list has no shop or visibility filter). */
const filterKeys = { vendor: ['rating', 'replied'], admin: ['rating', 'replied', 'hidden', 'shop'] } as const;

const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' } as const;

/** The review itself: stars, who and when, the variation bought, the text and its photos. */
function ReviewCell({ review }: { review: ManagedReview }) {
  return (
    <Stack gap={4}>
      <ReviewStars rating={review.rating} />
      <Text size="sm" fw={600}>
        {review.author}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          · {formatDate(review.created_at)} · Verified purchase
        </Text>
      </Text>
      <Text size="xs" c="dimmed" style={wrap}>
        Bought: {review.variation}
      </Text>
      {review.body ? (
        <Text size="sm" style={wrap}>
          {review.body}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          Stars only, no text.
        </Text>
      )}
      {review.photos.length > 0 && (
        <Group gap="xs" mt={2}>
          {review.photos.map((photo, i) => (
            <Anchor key={photo.url} href={assetUrl(photo.url) ?? photo.url} target="_blank" rel="noopener">
              <Image
                src={assetUrl(photo.url)}
                alt={`Photo ${i + 1} of ${review.photos.length} from ${review.author} (opens in a new tab)`}
                w={56}
                h={56}
                fit="cover"
                radius="sm"
              />
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * Reviews of a shop's products (the shopkeeper's, who replies once to each) or of every shop (the
 * platform's, which hides a review with a reason and shows it again): newest first unless another
 * order is chosen (oldest, fewest or most stars first), filtered by
 * stars, replied or not, and for the platform by shop and visibility, with a search over product,
 * text and author. `shops` fills the platform's shop filter (the route loads them).
 */
export function ReviewsTable({ area, shops }: { area: ReviewArea; shops?: { value: string; label: string }[] }) {
  const orderPath = area === 'vendor' ? paths.vendor.order : paths.admin.order;
  const list = useListParams(filterKeys[area]);
  const reviews = useReviews(list.query as never, area);
  const show = useShowReview();
  const [replyingTo, setReplyingTo] = useState<ManagedReview | null>(null);
  const [hiding, setHiding] = useState<ManagedReview | null>(null);
  const filters = list.filters as Partial<Record<'rating' | 'replied' | 'hidden' | 'shop', string>>;
  const setFilter = list.setFilter as (key: string, value: string) => void;

  const askShow = async (review: ManagedReview) => {
    const yes = await confirmAction({
      title: 'Show this review again?',
      message: `${review.author}'s review of ${review.product.name} goes back on the product page and counts for the ratings again. Its author is not mailed.`,
      confirmLabel: 'Show again',
      destructive: false,
    });
    if (!yes) return;
    show.mutate(review.id, {
      onSuccess: () => notifySuccess(`${review.author}'s review of ${review.product.name} shows again.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not show it again.'),
    });
  };

  const columns: DataTableColumn<ManagedReview>[] = [
    { accessor: 'body', title: 'Review', width: 320, render: (r) => <ReviewCell review={r} /> },
    {
      accessor: 'product.name',
      title: 'Product',
      width: 170,
      render: (r) => (
        <Stack gap={0}>
          <Anchor href={storefrontPaths.product(r.product)} target="_blank" rel="noopener" size="sm" fw={600}>
            {r.product.name}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
          {area === 'admin' && <Text size="xs">{r.shop.name}</Text>}
          <Anchor component={Link} to={orderPath(r.order_id)} size="xs">
            Order #{r.order_id}
          </Anchor>
        </Stack>
      ),
    },
    {
      accessor: 'reply',
      title: area === 'vendor' ? 'Your reply' : "Shop's reply",
      width: 240,
      render: (r) =>
        r.reply ? (
          <Stack gap={2} data-testid="review-reply">
            <Text size="sm" style={wrap}>
              {r.reply.body}
            </Text>
            <Text size="xs">Replied {formatDate(r.reply.created_at)}</Text>
          </Stack>
        ) : (
          <ToneBadge tone="warning">
            {area === 'vendor' ? 'Awaiting your reply' : "Awaiting the shop's reply"}
          </ToneBadge>
        ),
    },
    {
      accessor: 'hidden_at',
      title: 'Status',
      width: 170,
      render: (r) =>
        r.hidden_at ? (
          <Stack gap={2} align="flex-start">
            <ToneBadge tone="error">Hidden</ToneBadge>
            <Text size="xs" style={wrap}>
              Reason: {r.hidden_reason}
            </Text>
            <Text size="xs">Hidden by Parade {formatDate(r.hidden_at)}</Text>
          </Stack>
        ) : (
          <ToneBadge tone="success">Visible</ToneBadge>
        ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) => {
        const named = `${r.author}'s review of ${r.product.name}`;
        if (area === 'vendor') {
          return r.reply ? null : (
            <Button size="compact-sm" onClick={() => setReplyingTo(r)} aria-label={`Reply to ${named}`}>
              Reply
            </Button>
          );
        }
        return r.hidden_at ? (
          <Button
            size="compact-sm"
            variant="outline"
            onClick={() => askShow(r)}
            loading={show.isPending && show.variables === r.id}
            aria-label={`Show again ${named}`}
          >
            Show again
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => setHiding(r)}
            aria-label={`Hide ${named}`}
          >
            Hide
          </Button>
        );
      },
    },
  ];

  const filtered = Boolean(list.search || Object.values(filters).some(Boolean));
  return (
    <>
      <ServerTable<ManagedReview>
        label="Reviews"
        columns={columns}
        result={reviews.data}
        fetching={reviews.isFetching}
        error={reviews.error}
        onRetry={() => reviews.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Product, review text or author' }}
        toolbar={
          <>
            <Select
              label="Order"
              data={orderChoices}
              value={list.sort || '-created_at'}
              onChange={(value) => list.setSort(value ?? '-created_at')}
              allowDeselect={false}
              w={180}
            />
            <Select
              label="Stars"
              data={starsFilter}
              value={filters.rating ?? ''}
              onChange={(value) => setFilter('rating', value ?? '')}
              allowDeselect={false}
              w={130}
            />
            <Select
              label="Reply"
              data={repliedFilter(area)}
              value={filters.replied ?? ''}
              onChange={(value) => setFilter('replied', value ?? '')}
              allowDeselect={false}
              w={160}
            />
            {area === 'admin' && (
              <>
                <Select
                  label="Visibility"
                  data={hiddenFilter}
                  value={filters.hidden ?? ''}
                  onChange={(value) => setFilter('hidden', value ?? '')}
                  allowDeselect={false}
                  w={130}
                />
                <Select
                  label="Shop"
                  searchable
                  data={[{ value: '', label: 'All shops' }, ...(shops ?? [])]}
                  value={filters.shop ?? ''}
                  onChange={(value) => setFilter('shop', value ?? '')}
                  allowDeselect={false}
                  w={200}
                />
              </>
            )}
          </>
        }
        noRecordsText={
          filtered
            ? 'No review matches these filters.'
            : area === 'vendor'
              ? 'No reviews yet. Customers review what they bought once their order is delivered.'
              : 'No reviews yet.'
        }
      />
      {area === 'vendor' && <ReplyModal review={replyingTo} onClose={() => setReplyingTo(null)} />}
      {area === 'admin' && <HideReviewModal review={hiding} onClose={() => setHiding(null)} />}
    </>
  );
}
