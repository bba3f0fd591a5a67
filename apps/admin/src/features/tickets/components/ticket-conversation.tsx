import { Group, Paper, Stack, Text } from '@mantine/core';
import type { AdminTicketDetail } from '@parade/core/admin-schemas';
import { formatDateTime } from '@/lib/format';
import classes from './ticket-conversation.module.css';

/**
 * The messages of a ticket, oldest first, as a list: each says who wrote it and when, so a
 * screen reader hears the conversation in order. Staff messages sit to the right on a tint.
 */
export function TicketConversation({ ticket }: { ticket: AdminTicketDetail }) {
  if (ticket.messages.length === 0) {
    return <Text c="dimmed">No messages yet.</Text>;
  }
  return (
    <Stack component="ol" gap="sm" className={classes.list} aria-label="Conversation">
      {ticket.messages.map((message) => {
        const staff = message.author === 'staff';
        return (
          <li key={message.id} className={staff ? classes.staff : classes.customer}>
            <Paper withBorder p="sm" radius="md" bg={staff ? 'primary.0' : undefined}>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={700}>
                  {staff ? 'Staff' : ticket.customer.name}
                </Text>
                <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
                  {formatDateTime(message.created_at)}
                </Text>
              </Group>
              <Text size="sm" className={classes.body}>
                {message.body}
              </Text>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
