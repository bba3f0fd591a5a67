import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { formatDateTime } from '@/lib/format';
import { useTicket } from '../api/get-ticket';
import type { TicketArea } from '../api/get-tickets';
import { TicketConversation } from './ticket-conversation';
import { TicketReplyForm } from './ticket-reply-form';
import { TicketStatusBadge } from './ticket-status';
import { TicketStatusActions } from './ticket-status-actions';

/**
 * One ticket: the conversation, a staff reply (mailed to the customer), the customer, and (for
 * the platform) the status moves; a shop answers but leaves resolving and closing to the
 * platform and the customer. `orderPath`, when given, links the ticket's order in the caller's area.
 */
export function TicketDetailView({
  ticketId,
  area,
  orderPath,
}: {
  ticketId: number;
  area: TicketArea;
  orderPath?: (orderId: number) => string;
}) {
  const ticket = useTicket(ticketId, area);
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) return <ErrorState error={ticket.error} onRetry={() => ticket.refetch()} />;
  const t = ticket.data;
  const issue = t.type !== 'general' ? ` (${t.type.replace('_', ' ')})` : '';
  return (
    <Stack gap="md">
      <PageHeader title={t.subject} description={`Ticket #${t.id} · opened ${formatDateTime(t.created_at)}`} />
      <Group gap="sm" justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Status
          </Text>
          <TicketStatusBadge status={t.status} />
        </Group>
        {area === 'admin' && <TicketStatusActions ticket={t} />}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="conversation-heading">
              <Title order={2} size="h4" mb="sm" id="conversation-heading">
                Conversation
              </Title>
              <TicketConversation ticket={t} />
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reply-heading">
              <Title order={2} size="h4" mb="sm" id="reply-heading">
                Answer the customer
              </Title>
              <TicketReplyForm ticket={t} area={area} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="customer-heading">
            <Title order={2} size="h4" mb="xs" id="customer-heading">
              Customer
            </Title>
            <Text fw={600} data-testid="customer-name">
              {t.customer.name}
            </Text>
            {/* A long address wraps inside the panel instead of widening the page. */}
            <Anchor href={`mailto:${t.customer.email}`} size="sm" display="block" style={{ overflowWrap: 'anywhere' }}>
              {t.customer.email}
            </Anchor>
            {t.order_id && (
              <Text size="sm" mt="xs">
                About{' '}
                {orderPath ? (
                  <Anchor component={Link} to={orderPath(t.order_id)} size="sm" underline="always">
                    order {t.order_id}
                  </Anchor>
                ) : (
                  `order ${t.order_id}`
                )}
                {issue}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
