import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { TicketsTable } from '@/features/tickets/components/tickets-table';
import { paths } from '@/lib/paths';

/** The tickets about the shop's own orders (order issues and questions): the open ones first. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader title="Tickets" description="Customers' questions and issues about your shop's orders." />
      <TicketsTable area="vendor" ticketPath={paths.vendor.ticket} />
    </Stack>
  );
}
