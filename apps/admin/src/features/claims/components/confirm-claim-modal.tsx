import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmClaimBodySchema, VENDOR_NOTES_MAX, type VendorClaim } from '@parade/core/offer-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useConfirmClaim } from '../api/change-claim';
import { ClaimSummary } from './claim-summary';

/** Confirming a pending claim (the customer showed their code), with an optional note they read. */
export function ConfirmClaimModal({ claim, onClose }: { claim: VendorClaim | null; onClose: () => void }) {
  const confirm = useConfirmClaim();
  const form = useForm({
    mode: 'controlled',
    initialValues: { vendor_notes: '' },
    validate: zodValidate(confirmClaimBodySchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    if (!claim) return;
    await confirm.mutateAsync({
      id: claim.id,
      body: { vendor_notes: values.vendor_notes.trim() ? values.vendor_notes : null },
    });
    notifySuccess(`Claim ${claim.code} is confirmed.`);
    close();
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormModal isDirty={() => form.isDirty()} opened={claim !== null} onClose={close} title="Confirm this claim?">
      {claim && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <ClaimSummary claim={claim} />
            <FormAlert message={formError} />
            <Textarea
              label="Note for the customer (optional)"
              description="Shown with their claim, e.g. which items it covers"
              autosize
              minRows={2}
              maxLength={VENDOR_NOTES_MAX}
              data-autofocus
              {...form.getInputProps('vendor_notes')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Confirm claim
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
