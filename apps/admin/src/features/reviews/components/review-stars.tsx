import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

/**
 * A review's stars: five icons for the eye, one name for a screen reader ("4 out of 5 stars"),
 * so the row is not read as ten unnamed pictures.
 */
export function ReviewStars({ rating }: { rating: number }) {
  const label = `${rating} out of 5 ${rating === 1 ? 'star' : 'stars'}`;
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={label} c="primary.8">
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rating ? <IconStarFilled key={n} size={16} aria-hidden /> : <IconStar key={n} size={16} aria-hidden />,
      )}
    </Group>
  );
}
