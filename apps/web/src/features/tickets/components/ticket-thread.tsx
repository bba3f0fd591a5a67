import { Group, Paper, Text } from '@mantine/core';
import type { TicketDetail } from '@parade/core/ticket-schemas';
import { useEffect, useRef } from 'react';
import { useFormatDateTime } from '@/hooks/use-format-date-time';
import classes from './ticket-thread.module.css';

/**
 * How a staff message is signed to the customer: the shop's name when the shop answered (`from`),
 * else this; the platform's people are never named.
 */
export const STAFF_NAME = 'Support team';

/**
 * The ticket's messages, oldest first, as a list inside a live log: each says who wrote it and
 * when, and a message that arrives by polling is announced politely. The box scrolls to the
 * newest message whenever the number of messages changes (first load, a send, a staff answer).
 */
export function TicketThread({ ticket }: { ticket: TicketDetail }) {
  const box = useRef<HTMLDivElement>(null);
  const formatDateTime = useFormatDateTime();
  const count = ticket.messages.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of messages changes, on purpose.
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  if (count === 0) return <Text c="dimmed">No messages yet.</Text>;
  return (
    // A scrollable region must be reachable by keyboard, so it takes the focus (tabIndex 0).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and keyboard users must be able to scroll it.
    <div ref={box} role="log" aria-label="Conversation" tabIndex={0} className={classes.log} data-testid="ticket-log">
      <ol className={classes.list}>
        {ticket.messages.map((message) => {
          const staff = message.author === 'staff';
          return (
            <li key={message.id} className={staff ? classes.staff : classes.customer} data-author={message.author}>
              <Paper withBorder p="sm" radius="md" className={classes.bubble}>
                <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                  <Text size="sm" fw={700}>
                    {staff ? (message.from ?? STAFF_NAME) : 'You'}
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
      </ol>
    </div>
  );
}
