import { addressAutocompleteSchema } from '@parade/core/location-schemas';
import { apiData } from '@/lib/api-client';

export interface PostcodePrediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
}

/** Postcode suggestions; pass the signal of the previous call's controller to cancel it. */
export async function addressAutocomplete(input: string, signal?: AbortSignal): Promise<PostcodePrediction[]> {
  const data = await apiData('address-autocomplete', { schema: addressAutocompleteSchema, query: { input }, signal });
  return data.autocomplete_response.predictions;
}
