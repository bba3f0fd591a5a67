import { adminUserPayloadSchema } from '@parade/core/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { usersQueryRoot } from './get-users';

/** PATCH admin/users/{id} {disabled}: a disabled account's tokens stop working at once. */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      apiData(`admin/users/${id}`, adminUserPayloadSchema, { method: 'PATCH', body: { disabled } }).then((p) => p.user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryRoot }),
  });
}
