import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const addressAutocompleteReply = lazySchema(() =>
  import('@parade/core/location-schemas').then((m) => m.addressAutocompleteSchema),
);

export interface PostcodePrediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
}

/** Postcode suggestions; pass the signal of the previous call's controller to cancel it. */
export async function addressAutocomplete(input: string, signal?: AbortSignal): Promise<PostcodePrediction[]> {
  const data = await apiData('address-autocomplete', { schema: addressAutocompleteReply, query: { input }, signal });
  return data.autocomplete_response.predictions;
}
