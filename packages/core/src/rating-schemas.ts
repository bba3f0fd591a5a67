/**
 * A product's or a shop's rating as every card, page and list carries it (docs/decisions/044).
 * Kept apart from review-schemas.ts so the catalogue's and the shops' shapes can carry a rating
 * without importing the reviews' shapes; the rules are rating.ts.
 */
import { z } from 'zod';

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
