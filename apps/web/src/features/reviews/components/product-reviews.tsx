import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RatingWithHistogram } from '@parade/core/rating';
import { ratingLabel } from '@parade/core/rating';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Stars } from '@/components/ui/star-rating';
import { ErrorState } from '@/components/ui/states';
import { useFormatDate } from '@/lib/format';
import { type Review, type ReviewSort, useProductReviews } from '../api/product-reviews';
import classes from './product-reviews.module.css';

export const REVIEWS_SECTION_ID = 'reviews';

const sorts: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

/** How many gave each number of stars, five first, as bars. */
function Histogram({ rating }: { rating: RatingWithHistogram }) {
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Reviews by stars">
      {[5, 4, 3, 2, 1].map((stars) => {
        const count = rating.histogram[stars - 1] ?? 0;
        const percent = rating.count === 0 ? 0 : Math.round((count / rating.count) * 100);
        return (
          <Group key={stars} component="li" gap="xs" wrap="nowrap">
            <Text size="sm" w={52} aria-hidden>
              {stars} star
            </Text>
            {/* Plain bars: the product page's first load stays small (decision 039). */}
            <div
              className={classes.bar}
              role="img"
              aria-label={`${stars} stars: ${count} ${count === 1 ? 'review' : 'reviews'}`}
            >
              <div className={classes.barFill} style={{ width: `${percent}%` }} />
            </div>
            <Text size="sm" w={36} ta="right" aria-hidden>
              {count}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const formatDate = useFormatDate();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="review">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
            <Text fw={700} size="sm">
              {review.author}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(review.created_at)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge
            color="accent"
            variant="light"
            leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
            data-testid="verified-purchase"
          >
            Verified purchase
          </Badge>
          <Text size="xs" c="dimmed">
            {review.variation}
          </Text>
        </Group>
        {review.body && <Text style={{ whiteSpace: 'pre-line' }}>{review.body}</Text>}
        {review.photos.length > 0 && (
          <Group gap="xs">
            {review.photos.map((photo, i) => (
              <a key={photo.url} href={photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.url}
                  alt={`${review.author}'s review, ${i + 1} of ${review.photos.length}`}
                  width={88}
                  height={88}
                  className={classes.photo}
                  loading="lazy"
                />
              </a>
            ))}
          </Group>
        )}
        {review.reply && (
          <Box pl="md" py={4} style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }} data-testid="shop-reply">
            <Text size="sm" fw={700}>
              The shop replied
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {review.reply.body}
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** One page of reviews (the first comes with the server's render). */
function ReviewPage({
  productId,
  page,
  sort,
  onLoaded,
}: {
  productId: number;
  page: number;
  sort: ReviewSort;
  onLoaded?: (lastPage: number) => void;
}) {
  const reviews = useProductReviews(productId, page, sort);
  const lastPage = reviews.data?.last_page;
  useEffect(() => {
    if (lastPage !== undefined) onLoaded?.(lastPage);
  }, [lastPage, onLoaded]);
  if (reviews.isPending) {
    return (
      <Stack gap="sm" component="li" aria-busy="true" aria-label="Loading reviews">
        <Skeleton height={96} />
      </Stack>
    );
  }
  if (reviews.isError) {
    return (
      <li>
        <ErrorState message={reviews.error.message} onRetry={() => reviews.refetch()} />
      </li>
    );
  }
  return (
    <>
      {reviews.data.data.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </>
  );
}

/**
 * The product page's reviews: the average, count and histogram, then the reviews, newest,
 * highest or lowest first, 10 at a time with "Show more reviews". The first 10 come with the
 * server's render.
 */
export function ProductReviews({ productId, rating }: { productId: number; rating: RatingWithHistogram }) {
  const [pages, setPages] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>('newest');
  return (
    <Box component="section" id={REVIEWS_SECTION_ID} aria-labelledby="reviews-title" data-testid="product-reviews">
      <Title order={2} size="h3" mb="md" id="reviews-title">
        Reviews
      </Title>
      {rating.count === 0 || rating.average === null ? (
        <Text c="dimmed">No reviews yet. Bought this? Review it from your order once it has been delivered.</Text>
      ) : (
        <Stack gap="lg">
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap={4} miw={160}>
              <Text fz={40} fw={800} lh={1}>
                {rating.average.toFixed(1)}
              </Text>
              <Stars value={rating.average} size={20} label={ratingLabel(rating)} />
              <Text size="sm" c="dimmed">
                {rating.count === 1 ? '1 review' : `${rating.count} reviews`}
              </Text>
            </Stack>
            <Box style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
              <Histogram rating={rating} />
            </Box>
          </Group>
          <Group gap="xs" role="group" aria-label="Sort reviews">
            {sorts.map((option) => (
              <Button
                key={option.value}
                size="compact-sm"
                variant={sort === option.value ? 'filled' : 'default'}
                aria-pressed={sort === option.value}
                onClick={() => {
                  setSort(option.value);
                  setPages(1);
                }}
              >
                {option.label}
              </Button>
            ))}
          </Group>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
              <ReviewPage
                key={`${sort}-${page}`}
                productId={productId}
                page={page}
                sort={sort}
                onLoaded={page === 1 ? setLastPage : undefined}
              />
            ))}
          </Stack>
          {pages < lastPage && (
            <Button variant="light" onClick={() => setPages(pages + 1)} style={{ alignSelf: 'flex-start' }}>
              Show more reviews
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
