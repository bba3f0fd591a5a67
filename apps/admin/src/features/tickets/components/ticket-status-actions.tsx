import { Button, Group } from '@mantine/core';
import type { AdminTicketDetail } from '@parade/core/admin-schemas';
import type { TicketStatus } from '@parade/core/enums';
import { ApiError } from '@parade/ui/api-errors';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { useSetTicketStatus } from '../api/change-ticket';
import { ticketStatusLabel } from './ticket-status';

const moves: Record<TicketStatus, { status: TicketStatus; label: string }[]> = {
  open: [
    { status: 'resolved', label: 'Mark resolved' },
    { status: 'close', label: 'Close ticket' },
  ],
  resolved: [
    { status: 'open', label: 'Reopen' },
    { status: 'close', label: 'Close ticket' },
  ],
  close: [{ status: 'open', label: 'Reopen' }],
};

/** The moves from the ticket's status; closing asks first, as it ends the conversation for the customer. */
export function TicketStatusActions({ ticket }: { ticket: AdminTicketDetail }) {
  const setStatus = useSetTicketStatus(ticket.id);
  const move = async (status: TicketStatus) => {
    if (status === 'close') {
      const yes = await confirmAction({
        title: 'Close this ticket?',
        message: `“${ticket.subject}” moves to Closed. You or the customer can reopen it later.`,
        confirmLabel: 'Close ticket',
      });
      if (!yes) return;
    }
    setStatus.mutate(status, {
      onSuccess: (saved) => notifySuccess(`Ticket #${saved.id} is ${ticketStatusLabel[saved.status].toLowerCase()}.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not change the status.'),
    });
  };
  return (
    <Group gap="xs">
      {moves[ticket.status].map((option) => (
        <Button
          key={option.status}
          variant={option.status === 'close' ? 'outline' : 'light'}
          color={option.status === 'close' ? 'error' : undefined}
          loading={setStatus.isPending && setStatus.variables === option.status}
          disabled={setStatus.isPending}
          onClick={() => move(option.status)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
