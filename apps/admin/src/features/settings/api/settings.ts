import { type AdminSettingsUpdate, adminSettingsPayloadSchema } from '@parade/core/admin-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

const settingsQueryKey = ['admin', 'settings'] as const;

/** GET admin/settings: every key of spec section 3, typed. */
export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => apiData('admin/settings', adminSettingsPayloadSchema, { signal }),
  });

export const useSettings = () => useQuery(getSettingsQueryOptions());

/** PUT admin/settings: only the keys sent change. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSettingsUpdate) =>
      apiData('admin/settings', adminSettingsPayloadSchema, { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
