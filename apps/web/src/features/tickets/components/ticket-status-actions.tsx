import { Button, Group } from '@mantine/core';
import { messages } from '@parade/core/messages';
import type { TicketDetail } from '@parade/core/ticket-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { notify } from '@/components/ui/notify';
import { useSetTicketStatus } from '../api/set-ticket-status';

/** What the customer may do from each status: close an open or resolved ticket, reopen a resolved or closed one. */
const moves = {
  open: [{ status: 'close', label: 'Close ticket' }],
  resolved: [
    { status: 'open', label: 'Reopen ticket' },
    { status: 'close', label: 'Close ticket' },
  ],
  close: [{ status: 'open', label: 'Reopen ticket' }],
} as const;

export function TicketStatusActions({ ticket }: { ticket: TicketDetail }) {
  const change = useSetTicketStatus(ticket.id);
  return (
    <Group gap="xs">
      {moves[ticket.status].map((move) => (
        <Button
          key={move.status}
          variant={move.status === 'close' ? 'default' : 'light'}
          loading={change.isPending && change.variables === move.status}
          disabled={change.isPending}
          onClick={() =>
            change.mutate(move.status, {
              onSuccess: (saved) =>
                notify({
                  kind: 'success',
                  message: saved.status === 'close' ? 'Your ticket is closed.' : 'Your ticket is open again.',
                }),
              onError: (error) =>
                notify({ kind: 'error', message: error instanceof ApiError ? error.message : messages.genericError }),
            })
          }
        >
          {move.label}
        </Button>
      ))}
    </Group>
  );
}
