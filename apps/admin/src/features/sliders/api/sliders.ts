import {
  type AdminSliderInput,
  type AdminSliderListQuery,
  adminSliderPayloadSchema,
  adminSliderSchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const slidersQueryRoot = ['admin', 'sliders'] as const;

/** GET admin/sliders?type&page&search&sort: every slide and banner, inactive ones too. */
export function useSliders(query: AdminSliderListQuery) {
  return useQuery({
    queryKey: [...slidersQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/sliders', paginated(adminSliderSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST admin/sliders (id null) or PUT admin/sliders/{id}: only the fields sent change. */
export function useSaveSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Partial<AdminSliderInput> }) =>
      apiData(id === null ? 'admin/sliders' : `admin/sliders/${id}`, adminSliderPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.slider),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slidersQueryRoot }),
  });
}

/** DELETE admin/sliders/{id}. */
export function useDeleteSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/sliders/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slidersQueryRoot }),
  });
}
