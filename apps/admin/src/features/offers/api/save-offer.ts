import { emptyPayloadSchema, type Paginated } from '@parade/core/envelope';
import {
  OFFER_IMAGE_FIELD,
  type Offer,
  offerPayloadSchema,
  offerTogglePayloadSchema,
  type VendorOfferCreate,
} from '@parade/core/offer-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { offersQueryRoot } from './get-offers';

/** Offers feed the claims inbox's filter and the stats dashboard too: all start with ['vendor', 'offers'] or the stats key. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: offersQueryRoot });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'offer-stats'] });
  };
}

/**
 * A new picture needs multipart: each field goes as text the way the API's `offerFormToInput`
 * reads it (digits, true/false, empty for a cleared `max_claims` or `terms`). Without a picture
 * the body is plain JSON.
 */
function toBody(body: VendorOfferCreate, image: File | null): FormData | VendorOfferCreate {
  if (!image) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || key === 'image') continue;
    form.append(key, value === null ? '' : String(value));
  }
  form.append(OFFER_IMAGE_FIELD, image);
  return form;
}

/** POST vendor-offers/vendor/offers, or PUT vendor-offers/vendor/offers/{id} (only the fields sent change). */
export function useSaveOffer() {
  return useMutation({
    mutationFn: ({ id, body, image }: { id: number | null; body: VendorOfferCreate; image: File | null }) =>
      apiData(id === null ? 'vendor-offers/vendor/offers' : `vendor-offers/vendor/offers/${id}`, offerPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body: toBody(body, image),
      }).then((p) => p.offer),
    onSuccess: useInvalidate(),
  });
}

/** DELETE vendor-offers/vendor/offers/{id}. */
export function useDeleteOffer() {
  return useMutation({
    mutationFn: (id: number) => apiData(`vendor-offers/vendor/offers/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useInvalidate(),
  });
}

/**
 * POST vendor-offers/vendor/offers/{id}/toggle-status. The switch shows what the server stored
 * (spec section 4: "Toggling an offer flips is_active using the server result"): the answer is
 * written into the cached lists at once, then the lists are read again for the state it changes.
 */
export function useToggleOffer() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      apiData(`vendor-offers/vendor/offers/${id}/toggle-status`, offerTogglePayloadSchema, { method: 'POST' }),
    onSuccess: ({ is_active }, id) => {
      queryClient.setQueriesData<Paginated<Offer>>({ queryKey: [...offersQueryRoot, 'list'] }, (list) =>
        list ? { ...list, data: list.data.map((o) => (o.id === id ? { ...o, is_active } : o)) } : list,
      );
      invalidate();
    },
  });
}
