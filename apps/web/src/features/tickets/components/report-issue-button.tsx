import { Button, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { TICKET_MESSAGE_MAX } from '@parade/core/admin-schemas';
import { type OrderIssueType, orderIssueTypes } from '@parade/core/enum-values';
import type { OrderItem } from '@parade/core/order-schemas';
import { orderIssueTypeLabels } from '@parade/core/ticket-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { notify } from '@/components/ui/notify';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { paths } from '@/lib/paths';
import { orderIssueInputSchema, useReportOrderIssue } from '../api/report-order-issue';

const typeChoices = orderIssueTypes.map((type) => ({ value: type, label: orderIssueTypeLabels[type] }));

/**
 * "Report an issue" on one line of an order: a modal asking what went wrong and how; the issue
 * becomes a ticket linked to the order and the line, and the customer goes to it.
 */
export function ReportIssueButton({ orderId, item }: { orderId: number; item: Pick<OrderItem, 'id' | 'full_name'> }) {
  const [opened, setOpened] = useState(false);
  const started = useOpenedOnce(opened);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        color="secondary"
        leftSection={<IconAlertTriangle size={16} aria-hidden />}
        aria-label={`Report an issue with ${item.full_name}`}
        onClick={() => setOpened(true)}
      >
        Report an issue
      </Button>
      {/* Kept mounted once opened: closing it by mistake (Esc, a tap outside) keeps what was typed. */}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Report an issue"
        fullScreen={phone}
        size="md"
        keepMounted
      >
        {started && <ReportIssueForm orderId={orderId} item={item} onCancel={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

type IssueValues = { order_id: number; item_id: number; type: OrderIssueType | null; message: string };

function ReportIssueForm({
  orderId,
  item,
  onCancel,
}: {
  orderId: number;
  item: Pick<OrderItem, 'id' | 'full_name'>;
  onCancel: () => void;
}) {
  const report = useReportOrderIssue();
  const navigate = useNavigate();
  const form = useForm<IssueValues>({
    initialValues: { order_id: orderId, item_id: item.id, type: null, message: '' },
    validate: schemaRules(orderIssueInputSchema),
  });
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      const ticket = await report.mutateAsync({
        order_id: values.order_id,
        item_id: values.item_id,
        type: values.type as OrderIssueType,
        message: values.message,
      });
      notify({ kind: 'success', message: 'Thank you for telling us. We will reply on your ticket.' });
      navigate(paths.ticket(ticket.id));
    },
    // The order and line are not inputs: a refusal about them is the form's message.
    { schema: orderIssueInputSchema, messageFields: ['order_id', 'item_id'] },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report an issue">
      <Stack gap="sm">
        <Text size="sm">
          About <strong>{item.full_name}</strong>
        </Text>
        <FormAlert message={formError} />
        <Select
          label="What went wrong?"
          placeholder="Choose one"
          data={typeChoices}
          required
          allowDeselect={false}
          size="md"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
        />
        <Textarea
          label="Tell us more"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={TICKET_MESSAGE_MAX}
          size="md"
          {...form.getInputProps('message')}
        />
        <Stack gap="xs">
          <Button type="submit" size="md" loading={report.isPending}>
            Send report
          </Button>
          <Button variant="default" size="md" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
