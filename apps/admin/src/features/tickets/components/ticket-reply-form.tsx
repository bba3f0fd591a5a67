import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminTicketDetail, adminTicketReplySchema, TICKET_MESSAGE_MAX } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { zodValidate } from '@/lib/zod-validate';
import { useReplyToTicket } from '../api/change-ticket';
import type { TicketArea } from '../api/get-tickets';

/** A staff answer to the ticket, checked with the API's schema; the customer gets it by e-mail. */
export function TicketReplyForm({ ticket, area = 'admin' }: { ticket: AdminTicketDetail; area?: TicketArea }) {
  const reply = useReplyToTicket(ticket.id, area);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: zodValidate(adminTicketReplySchema),
  });
  // A reply typed and not sent is not lost to a click in the menu (leaving asks first).
  useLeaveGuard(form.values.body.trim() !== '');
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    await reply.mutateAsync(values);
    notifySuccess(`Reply sent to ${ticket.customer.name}.`);
    form.reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Textarea
          label="Reply"
          description={`E-mailed to ${ticket.customer.email}`}
          required
          autosize
          minRows={4}
          maxRows={14}
          maxLength={TICKET_MESSAGE_MAX}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
