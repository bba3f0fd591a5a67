/**
 * A product's or a shop's rating as every card, page and list carries it (docs/decisions/044),
 * and the pure rules that compute it. Kept apart from review-schemas.ts so the catalogue's and
 * the shops' shapes can carry a rating without importing the reviews' shapes.
 */
import { z } from 'zod';

/**
 * The average shown for a set of ratings: the mean rounded half up to two decimals (4.33, 4.5),
 * or null for none. The API stores it with the count; tests compute it again with this.
 */
export function averageRating(ratings: readonly number[]): number | null {
  return averageFromHistogram(ratingHistogram(ratings));
}

/** The same average from how many gave 1..5 stars. */
export function averageFromHistogram(histogram: readonly number[]): number | null {
  let count = 0;
  let sum = 0;
  histogram.forEach((n, i) => {
    count += n;
    sum += n * (i + 1);
  });
  // Exact halves (x.xx5) are exact in binary too, so this rounds half up as PostgreSQL's round() does.
  return count === 0 ? null : Math.round((sum * 100) / count) / 100;
}

/** How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
export function ratingHistogram(ratings: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const rating of ratings) counts[rating - 1] = (counts[rating - 1] ?? 0) + 1;
  return counts;
}

/** "4.3 out of 5 stars from 12 reviews": the words a screen reader hears for a rating. */
export function ratingLabel(rating: { average: number | null; count: number }): string {
  if (rating.count === 0 || rating.average === null) return 'No reviews yet';
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return `Rated ${rating.average.toFixed(1)} out of 5 from ${reviews}`;
}

/**
 * A product's or a shop's rating: the average of its visible reviews (null with none) and how
 * many there are. Hidden reviews count for neither.
 */
export const ratingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** The product page's rating: with how many reviews gave 1..5 stars (`histogram[0]` is one star). */
export const ratingWithHistogramSchema = ratingSchema.extend({
  histogram: z.array(z.number().int()).length(5),
});
export type RatingWithHistogram = z.infer<typeof ratingWithHistogramSchema>;
