import { Anchor, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/components/ui/notify';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useOrders } from '@/features/orders/api/get-orders';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { type Ticket, useTickets } from '@/features/tickets/api/get-tickets';
import { NewTicketForm } from '@/features/tickets/components/new-ticket-form';
import { STAFF_NAME } from '@/features/tickets/components/ticket-thread';
import { useFormatDateTime } from '@/hooks/use-format-date-time';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /profile/support-ticket: the customer's tickets and order issues, newest first, and a new ticket. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const tickets = useTickets(page);
  const [creating, setCreating] = useState(false);
  const started = useOpenedOnce(creating);
  // A new form after Cancel (the shopper chose to drop it); Esc or a tap outside keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      New ticket
    </Button>
  );

  return (
    <Stack gap="md">
      <PageMeta title="Support tickets" description="Your questions and order issues, and our answers." />
      <Group justify="space-between" align="center">
        <Title order={2}>Support tickets</Title>
        {tickets.data && tickets.data.total > 0 && newButton}
      </Group>

      {tickets.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your tickets">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} height={92} radius="md" />
          ))}
        </Stack>
      ) : tickets.isError ? (
        <ErrorState message={tickets.error.message} onRetry={() => tickets.refetch()} />
      ) : tickets.data.total === 0 ? (
        <NothingHere
          title="No support tickets yet"
          description="Questions about an order, a shop or your account? Ask us here, or report an issue from an order's page."
          action={newButton}
        />
      ) : (
        <>
          <Stack component="ul" gap="sm" aria-label="Your tickets" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tickets.data.data.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </Stack>
          <Paging
            page={page}
            total={tickets.data.last_page}
            onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            label="Ticket pages"
          />
        </>
      )}

      {/* Kept mounted once opened: closing it by mistake (Esc, a tap outside) keeps what was typed. */}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New ticket"
        fullScreen={phone}
        size="lg"
        keepMounted
      >
        {started && (
          <NewTicketFormWithOrders
            key={formKey}
            onCancel={() => {
              setCreating(false);
              setFormKey((key) => key + 1);
            }}
            onCreated={(id) => {
              setCreating(false);
              notify({ kind: 'success', message: 'Your ticket has been sent.' });
              navigate(paths.ticket(id));
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** The form with the customer's recent orders to choose from (loaded only when the form opens). */
function NewTicketFormWithOrders({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: number) => void }) {
  const orders = useOrders(1);
  const formatDate = useFormatDate();
  const choices = (orders.data?.data ?? []).map((order) => ({
    value: String(order.id),
    label: `#${order.id} · ${order.shop.name} · ${order.invoice.number} · ${formatDate(order.created_at)}`,
  }));
  return (
    <NewTicketForm
      orderChoices={choices}
      ordersLoading={orders.isPending}
      onCancel={onCancel}
      onCreated={(ticket) => onCreated(ticket.id)}
    />
  );
}

function TicketRow({ ticket }: { ticket: Ticket }) {
  const formatDateTime = useFormatDateTime();
  const last = ticket.last_message;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={`ticket-${ticket.id}-subject`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={paths.ticket(ticket.id)}
            fw={700}
            id={`ticket-${ticket.id}-subject`}
            style={{ overflowWrap: 'anywhere' }}
          >
            {ticket.subject}
          </Anchor>
          <StatusBadge status={ticket.status} label="Ticket status" style={{ flex: 'none' }} />
        </Group>
        <Group gap="xs" c="dimmed" fz="sm">
          <IconLifebuoy size={16} aria-hidden />
          <Text span size="sm">
            #{ticket.id}
          </Text>
          {ticket.order_id !== null && (
            <Anchor component={Link} to={paths.order(ticket.order_id)} size="sm">
              Order #{ticket.order_id}
            </Anchor>
          )}
        </Group>
        {last && (
          <Text size="sm" c={last.author === 'staff' ? undefined : 'dimmed'} fw={last.author === 'staff' ? 600 : 400}>
            Last message from {last.author === 'staff' ? STAFF_NAME : 'you'},{' '}
            <time dateTime={last.created_at}>{formatDateTime(last.created_at)}</time>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
