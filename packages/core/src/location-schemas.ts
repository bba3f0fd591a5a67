/** Wire shapes of the location calls: postcode autocomplete and the delivery distance check. */
import { z } from 'zod';

/** GET /address-autocomplete?input. */
export const addressAutocompleteQuerySchema = z.object({
  input: z.string().trim().min(3, 'Type at least 3 characters.').max(10),
});
export type AddressAutocompleteQuery = z.input<typeof addressAutocompleteQuerySchema>;

export const placePredictionSchema = z.object({
  description: z.string(),
  place_id: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
});
export type PlacePrediction = z.infer<typeof placePredictionSchema>;

export const addressAutocompleteSchema = z.object({
  autocomplete_response: z.object({ predictions: z.array(placePredictionSchema) }),
});
export type AddressAutocomplete = z.infer<typeof addressAutocompleteSchema>;

/** GET /get-distance?postcode&raw=0 (raw=1: the distance unrounded). */
export const distanceQuerySchema = z.object({
  postcode: z.string().trim().max(16),
  raw: z.enum(['0', '1']).default('0'),
});
export type DistanceQuery = z.input<typeof distanceQuerySchema>;

/** Whether a postcode is within the delivery radius (`radius_miles`) of the marketplace's base. */
export const deliveryCheckSchema = z.object({
  postcode: z.string(),
  allowed: z.boolean(),
  distance_miles: z.number(),
  radius_miles: z.number(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;
