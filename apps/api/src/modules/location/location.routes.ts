import { successEnvelope } from '@parade/core/envelope';
import {
  addressAutocompleteQuerySchema,
  addressAutocompleteSchema,
  deliveryCheckSchema,
  distanceQuerySchema,
} from '@parade/core/location-schemas';
import { messages } from '@parade/core/messages';
import { isValidLookingPostcode, postcodeError } from '@parade/core/postcode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { type Geocoder, GeocoderUnavailableError } from './geocoder';
import { checkDelivery } from './location.service';

/** A provider failure answers 503 with the generic message; the modal shows 'SOMETHING WENT WRONG'. */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GeocoderUnavailableError)
      throw new AppError(503, messages.genericError, {}, 'service_unavailable');
    throw error;
  }
}

export const locationRoutes: FastifyPluginAsyncZod<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  app.get(
    '/address-autocomplete',
    {
      // Each call may cost two upstream look-ups: keep one shopper's typing well inside that.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['location'],
        summary: 'Postcode suggestions (3+ characters), filtered to valid-looking postcodes',
        querystring: addressAutocompleteQuerySchema,
        response: { 200: successEnvelope(addressAutocompleteSchema), ...failureResponses },
      },
    },
    async (request) => {
      const found = await orUnavailable(() => geocoder.autocomplete(request.query.input, 10));
      const predictions = found
        .filter((place) => isValidLookingPostcode(place.postcode))
        .map((place) => ({
          description: `${place.postcode}, ${place.area}`,
          place_id: place.postcode,
          structured_formatting: { main_text: place.postcode, secondary_text: place.area },
        }));
      return ok({ autocomplete_response: { predictions } });
    },
  );

  app.get(
    '/get-distance',
    {
      // Each check may call the geocoder (postcodes.io), which throttles our IP if flooded.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['location'],
        summary: "Whether a postcode is within the delivery radius of the marketplace's base",
        description:
          'An invalid or unknown postcode answers 422 `postcode_invalid`; the geocoder being down, 503 `service_unavailable`.',
        querystring: distanceQuerySchema,
        response: { 200: successEnvelope(deliveryCheckSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { postcode, raw } = request.query;
      const invalid = postcodeError(postcode);
      if (invalid) throw new AppError(422, invalid, { postcode: [invalid] }, 'postcode_invalid');
      const check = await orUnavailable(() => checkDelivery(app.db, geocoder, postcode, { raw: raw === '1' }));
      if (!check) {
        // Well formed but unknown to the geocoder: as invalid as a malformed one.
        const unknown = messages.invalidPostcode(postcode);
        throw new AppError(422, unknown, { postcode: [unknown] }, 'postcode_invalid');
      }
      return ok(check);
    },
  );
};
