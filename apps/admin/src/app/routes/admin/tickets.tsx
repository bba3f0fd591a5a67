import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { TicketsTable } from '@/features/tickets/components/tickets-table';
import { paths } from '@/lib/paths';

/** Every customer's support tickets: the open ones first, as that is the queue to answer. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader title="Tickets" description="Customers' questions and order issues." />
      <TicketsTable area="admin" ticketPath={paths.admin.ticket} />
    </Stack>
  );
}
