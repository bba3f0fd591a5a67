import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AdminTicket } from '@parade/core/admin-schemas';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';
import { type TicketArea, useTickets } from '../api/get-tickets';
import { TicketStatusBadge } from './ticket-status';

const statusFilter = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'close', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/**
 * A ticket queue, the platform's (every customer's tickets) or a shop's (those about its
 * orders): the open ones first, as that is the queue to answer, with a status filter, a search
 * and the server's paging. `ticketPath` links each subject to its page in the caller's area.
 */
export function TicketsTable({ area, ticketPath }: { area: TicketArea; ticketPath: (id: number) => string }) {
  const list = useListParams(['status'] as const);
  // Open is the default view; 'all' is sent as no filter.
  const status = list.filters.status || 'open';
  const tickets = useTickets({ ...list.query, status: status === 'all' ? undefined : status } as never, area);

  const columns: DataTableColumn<AdminTicket>[] = [
    {
      accessor: 'subject',
      title: 'Subject',
      sortable: true,
      render: (t) => (
        <Stack gap={0}>
          <Anchor component={Link} to={ticketPath(t.id)} fw={600}>
            {t.subject}
          </Anchor>
          <Text size="xs" c="dimmed">
            #{t.id}
            {t.order_id ? ` · order ${t.order_id}` : ''}
            {t.type !== 'general' ? ` · ${t.type.replace('_', ' ')}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'customer',
      title: 'Customer',
      render: (t) => (
        <Stack gap={0}>
          <Text size="sm">{t.customer.name}</Text>
          <Text size="xs" c="dimmed">
            {t.customer.email}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'last_message',
      title: 'Last message',
      render: (t) =>
        t.last_message ? (
          <Stack gap={2} align="flex-start">
            {t.last_message.author === 'customer' && t.status !== 'close' ? (
              <ToneBadge tone="warning">Awaiting reply</ToneBadge>
            ) : (
              <Text size="sm">{t.last_message.author === 'staff' ? 'Staff' : 'Customer'}</Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(t.last_message.created_at)} · {t.message_count}{' '}
              {t.message_count === 1 ? 'message' : 'messages'}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    { accessor: 'updated_at', title: 'Updated', sortable: true, render: (t) => formatDateTime(t.updated_at) },
    { accessor: 'created_at', title: 'Opened', sortable: true, render: (t) => formatDateTime(t.created_at) },
    { accessor: 'status', title: 'Status', render: (t) => <TicketStatusBadge status={t.status} /> },
  ];

  return (
    <ServerTable<AdminTicket>
      label="Tickets"
      columns={columns}
      result={tickets.data}
      fetching={tickets.isFetching}
      error={tickets.error}
      onRetry={() => tickets.refetch()}
      page={list.page}
      onPageChange={list.setPage}
      sort={list.sort}
      onSortChange={list.setSort}
      search={{ value: list.search, onChange: list.setSearch, placeholder: 'Subject, name or e-mail' }}
      toolbar={
        <SegmentedControl
          aria-label="Status"
          data={statusFilter}
          value={status}
          onChange={(value) => list.setFilter('status', value === 'open' ? '' : value)}
        />
      }
      noRecordsText={status === 'open' ? 'No open tickets: everyone has an answer.' : 'No tickets here.'}
    />
  );
}
