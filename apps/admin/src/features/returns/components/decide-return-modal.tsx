import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  RETURN_NOTE_MAX,
  type VendorReturn,
  vendorReturnAcceptBodySchema,
  vendorReturnRejectBodySchema,
} from '@parade/core/return-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useAcceptReturn, useRejectReturn } from '../api/decide-return';

export type Decision = { mode: 'accept' | 'reject'; entry: VendorReturn };

/**
 * Accepting or rejecting a return, with a note the customer reads in their mail: optional when
 * accepting (how to bring the item back), required when rejecting (why).
 */
export function DecideReturnModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const accept = useAcceptReturn();
  const reject = useRejectReturn();
  const rejecting = decision?.mode === 'reject';
  const form = useForm({
    mode: 'controlled',
    initialValues: { note: '' },
    validate: (values) => zodValidate(rejecting ? vendorReturnRejectBodySchema : vendorReturnAcceptBodySchema)(values),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    if (!decision) return;
    const { entry } = decision;
    if (rejecting) {
      await reject.mutateAsync({ id: entry.id, body: { note: values.note } });
      notifySuccess(`Return rejected; ${entry.customer.name} has been told why.`);
    } else {
      await accept.mutateAsync({ id: entry.id, body: values.note.trim() ? { note: values.note } : {} });
      notifySuccess(`Return accepted; ${entry.customer.name} has been told.`);
    }
    form.reset();
    onClose();
  });
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <FormModal
      isDirty={() => form.isDirty()}
      opened={decision !== null}
      onClose={close}
      title={rejecting ? 'Reject this return?' : 'Accept this return?'}
    >
      {decision && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {decision.entry.quantity} × {decision.entry.item.full_name}, order #{decision.entry.order_id} (
              {decision.entry.invoice_number}), asked for by {decision.entry.customer.name}.
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              Their reason: {decision.entry.reason}
            </Text>
            <FormAlert message={formError} />
            <Textarea
              label={rejecting ? 'Reason' : 'Note for the customer (optional)'}
              description={
                rejecting
                  ? 'Mailed to the customer'
                  : 'Mailed to the customer, e.g. how to bring or send the item back. Once you mark it received, the item is refunded: to the card, or owed in cash for a cash order.'
              }
              required={rejecting}
              autosize
              minRows={3}
              maxLength={RETURN_NOTE_MAX}
              data-autofocus
              {...form.getInputProps('note')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color={rejecting ? 'error' : undefined} loading={submitting}>
                {rejecting ? 'Reject return' : 'Accept return'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
