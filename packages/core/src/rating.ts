/**
 * The rules of a product's or a shop's rating (docs/decisions/044): the average, the histogram
 * and the words a screen reader hears. No zod here: the storefront's cards use these on every
 * page, and zod stays out of its first load (decision 039). The wire shapes are rating-schemas.ts.
 */

/** A rating on the wire: the visible reviews' average (null with none) and their count. */
export interface Rating {
  average: number | null;
  count: number;
}

/** With how many reviews gave 1..5 stars (`histogram[0]` is one star). */
export interface RatingWithHistogram extends Rating {
  histogram: number[];
}

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
