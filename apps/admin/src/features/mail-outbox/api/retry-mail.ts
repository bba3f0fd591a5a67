import { adminMailPayloadSchema } from '@parade/core/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { mailOutboxQueryRoot } from './get-mail-outbox';

/** POST admin/mail-outbox/{id}/retry: one more attempt now; answers the row as it stands after it. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiData(`admin/mail-outbox/${id}/retry`, adminMailPayloadSchema, { method: 'POST' }).then((p) => p.mail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailOutboxQueryRoot }),
  });
}
