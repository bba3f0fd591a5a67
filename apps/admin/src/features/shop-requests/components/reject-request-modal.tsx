import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminShopRequest, adminShopRequestRejectSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useRejectShopRequest } from '../api/decide-shop-request';

/** Rejecting asks for the reason the applicant will read in their mail. */
export function RejectRequestModal({ request, onClose }: { request: AdminShopRequest | null; onClose: () => void }) {
  const reject = useRejectShopRequest();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodValidate(adminShopRequestRejectSchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    if (!request) return;
    await reject.mutateAsync({ id: request.id, body: values });
    notifySuccess(`${request.shop_name}: request rejected; ${request.user.name} has been told why.`);
    form.reset();
    onClose();
  });
  return (
    <FormModal
      isDirty={() => form.isDirty()}
      opened={request !== null}
      onClose={onClose}
      title="Reject this shop request?"
    >
      {request && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {request.shop_name}, asked for by {request.user.name} ({request.user.email}).
            </Text>
            <FormAlert message={formError} />
            <Textarea
              label="Reason"
              description="Mailed to the applicant"
              required
              autosize
              minRows={3}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="error" loading={submitting}>
                Reject request
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
