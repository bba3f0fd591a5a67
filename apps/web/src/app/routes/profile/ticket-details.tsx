import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketMessageForm } from '@/features/tickets/components/ticket-message-form';
import { TicketStatusActions } from '@/features/tickets/components/ticket-status-actions';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { useFormatDateTime } from '@/hooks/use-format-date-time';
import { paths } from '@/lib/paths';

/** /profile/ticket-details/{ticket}: the conversation (kept fresh by polling), a reply, close and reopen. */
export function Component() {
  const param = useParams().ticket ?? '';
  // Only a whole number names a ticket: anything else is no ticket, said at once (not asked for).
  const id = /^\d+$/.test(param) ? Number(param) : 0;
  const ticket = useTicket(id);
  const missing = id === 0 || (ticket.isError && ticket.error instanceof ApiError && ticket.error.status === 404);
  const formatDateTime = useFormatDateTime();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.supportTickets()} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden /> All tickets
        </Group>
      </Anchor>
      {missing ? (
        <>
          <PageMeta title="Ticket not found" />
          <NothingHere
            title="Ticket not found"
            description="It is not one of your tickets."
            action={
              <Button component={Link} to={paths.supportTickets()}>
                Your tickets
              </Button>
            }
          />
        </>
      ) : ticket.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the ticket">
          <Skeleton height={32} width="60%" />
          <Skeleton height={220} />
        </Stack>
      ) : ticket.isError ? (
        <ErrorState message={ticket.error.message} onRetry={() => ticket.refetch()} />
      ) : (
        <>
          <PageMeta title={ticket.data.subject} />
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
              <Title order={2} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
                {ticket.data.subject}
              </Title>
              <Text c="dimmed" size="sm">
                Ticket #{ticket.data.id} · opened {formatDateTime(ticket.data.created_at)}
                {ticket.data.order_id !== null && (
                  <>
                    {' · '}
                    <Anchor component={Link} to={paths.order(ticket.data.order_id)} size="sm">
                      Order #{ticket.data.order_id}
                    </Anchor>
                  </>
                )}
              </Text>
            </Stack>
            <StatusBadge status={ticket.data.status} label="Ticket status" size="lg" />
          </Group>
          <TicketStatusActions ticket={ticket.data} />
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="conversation-heading">
            <Title order={3} fz="h4" mb="sm" id="conversation-heading">
              Conversation
            </Title>
            <TicketThread ticket={ticket.data} />
          </Card>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reply-heading">
            <Title order={3} fz="h4" mb="sm" id="reply-heading">
              Write to us
            </Title>
            <TicketMessageForm ticket={ticket.data} />
          </Card>
        </>
      )}
    </Stack>
  );
}
