import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TICKET_MESSAGE_MAX } from '@parade/core/admin-schemas';
import type { TicketDetail } from '@parade/core/ticket-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { notify } from '@/components/ui/notify';
import { ticketMessageInputSchema, useSendTicketMessage } from '../api/send-ticket-message';

/** The customer writes on the ticket; on a resolved or closed ticket that opens it again (they are told first). */
export function TicketMessageForm({ ticket }: { ticket: TicketDetail }) {
  const send = useSendTicketMessage(ticket.id);
  const form = useForm({
    initialValues: { body: '' },
    validate: schemaRules(ticketMessageInputSchema),
  });
  const reopens = ticket.status !== 'open';
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await send.mutateAsync(values);
      form.reset();
      notify({ kind: 'success', message: reopens ? 'Message sent. Your ticket is open again.' : 'Message sent.' });
    },
    { schema: ticketMessageInputSchema },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a message">
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Textarea
          label="Your message"
          description={reopens ? 'Sending a message opens this ticket again.' : undefined}
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={TICKET_MESSAGE_MAX}
          size="md"
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
