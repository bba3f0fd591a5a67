import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketConversation } from '@/features/tickets/components/ticket-conversation';
import { TicketReplyForm } from '@/features/tickets/components/ticket-reply-form';
import { TicketStatusBadge } from '@/features/tickets/components/ticket-status';
import { TicketStatusActions } from '@/features/tickets/components/ticket-status-actions';
import { formatDateTime } from '@/lib/format';

/** One ticket: the conversation, a staff reply (mailed to the customer), the customer, and the status moves. */
export function Component() {
  const { ticketId } = useParams();
  const ticket = useTicket(Number(ticketId));
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) return <ErrorState error={ticket.error} onRetry={() => ticket.refetch()} />;
  const t = ticket.data;
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
        <TicketStatusActions ticket={t} />
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
              <TicketReplyForm ticket={t} />
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
            <Anchor href={`mailto:${t.customer.email}`} size="sm" display="block">
              {t.customer.email}
            </Anchor>
            {t.order_id && (
              <Text size="sm" mt="xs">
                About order {t.order_id}
                {t.type !== 'general' ? ` (${t.type.replace('_', ' ')})` : ''}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
