import { Group, Text } from '@mantine/core';
import { type Rating, ratingLabel } from '@parade/core/rating';
import { IconStarFilled } from '@tabler/icons-react';
import classes from './star-rating.module.css';

const FIVE = [1, 2, 3, 4, 5];

/** Five stars filled to `value` (0-5, fractions too): a picture, so screen readers hear `label`. */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span role="img" aria-label={label} className={classes.stars} style={{ height: size }}>
      <span className={classes.empty} aria-hidden>
        {FIVE.map((n) => (
          <IconStarFilled key={n} size={size} />
        ))}
      </span>
      <span className={classes.filled} style={{ width: `${percent}%` }} aria-hidden>
        {FIVE.map((n) => (
          <IconStarFilled key={n} size={size} />
        ))}
      </span>
    </span>
  );
}

/** A product's or shop's rating: stars, the average and (n). Nothing when there are no reviews, unless `always`. */
export function StarRating({ rating, size = 14, always = false }: { rating: Rating; size?: number; always?: boolean }) {
  if (rating.count === 0 || rating.average === null) {
    return always ? (
      <Text size="sm" c="dimmed">
        No reviews yet
      </Text>
    ) : null;
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="star-rating">
      <Stars value={rating.average} size={size} label={ratingLabel(rating)} />
      <Text size="sm" c="dimmed" aria-hidden>
        {rating.average.toFixed(1)} ({rating.count})
      </Text>
    </Group>
  );
}
