import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { currentUserId, useCurrentUserId } from '@/lib/session-store';
import { shopRequestQueryKey } from './get-shop-request';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const shopCreateRequestInputSchema = lazySchema(() =>
  import('@parade/core/shop-request-schemas').then((m) => m.shopCreateRequestInputSchema),
);
const shopCreateRequestReply = lazySchema(() =>
  import('@parade/core/shop-request-schemas').then((m) => m.shopCreateRequestSchema),
);

export type ShopRequestDraft = {
  shop_name: string;
  description: string;
  /** The chosen category's id as the select holds it, or null for none. */
  category_id: string | null;
  address: string;
  postcode: string;
  phone: string;
  logo: File | null;
};

/**
 * POST user/shop-create-request. With a logo it goes as multipart/form-data (every field as
 * text, the file as `logo`); without one, as JSON. The server checks everything again.
 */
export function createShopRequest(draft: ShopRequestDraft) {
  const { logo, category_id, ...fields } = draft;
  if (logo) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (category_id) form.append('category_id', category_id);
    form.append('logo', logo);
    return apiData('user/shop-create-request', { method: 'POST', body: form, schema: shopCreateRequestReply });
  }
  return apiData('user/shop-create-request', {
    method: 'POST',
    body: { ...fields, category_id: category_id ? Number(category_id) : null },
    schema: shopCreateRequestReply,
  });
}

/** Sends the request; the caller's latest request becomes this one. */
export function useCreateShopRequest() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: createShopRequest,
    // A reply that arrives after its user signed out must not show up for whoever signed in since.
    onSuccess: (created) => {
      if (userId !== null && currentUserId() === userId) queryClient.setQueryData(shopRequestQueryKey(userId), created);
    },
  });
}
