import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TICKET_MESSAGE_MAX } from '@parade/core/admin-schemas';
import { TICKET_SUBJECT_MAX, type TicketDetail } from '@parade/core/ticket-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { createTicketSchema, useCreateTicket } from '../api/create-ticket';

export interface OrderChoice {
  value: string;
  label: string;
}

type NewTicketValues = { subject: string; message: string; order_id: string | null };

/**
 * A new ticket: subject, message and, optionally, which of the caller's orders it is about. The
 * route passes the choice of orders (the orders feature's), so this feature stays apart from it.
 */
export function NewTicketForm({
  orderChoices,
  ordersLoading,
  initialOrderId,
  onCreated,
  onCancel,
}: {
  orderChoices: OrderChoice[];
  ordersLoading: boolean;
  initialOrderId?: number | null;
  onCreated: (ticket: TicketDetail) => void;
  onCancel: () => void;
}) {
  const create = useCreateTicket();
  const form = useForm<NewTicketValues>({
    initialValues: { subject: '', message: '', order_id: initialOrderId ? String(initialOrderId) : null },
    validate: schemaRules(createTicketSchema),
  });
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      const ticket = await create.mutateAsync({
        subject: values.subject,
        message: values.message,
        order_id: values.order_id ? Number(values.order_id) : null,
      });
      onCreated(ticket);
    },
    { schema: createTicketSchema },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New ticket">
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput
          label="Subject"
          required
          size="md"
          maxLength={TICKET_SUBJECT_MAX}
          placeholder="What is it about?"
          {...form.getInputProps('subject')}
        />
        <Select
          label="Order (optional)"
          description="Choose an order if your question is about one."
          placeholder={ordersLoading ? 'Loading your orders…' : 'No order'}
          data={orderChoices}
          clearable
          searchable
          nothingFoundMessage="No order matches"
          size="md"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('order_id')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={TICKET_MESSAGE_MAX}
          size="md"
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={create.isPending}>
            Send ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
