import type { OutboxStatus } from '@parade/core/enums';
import { type Tone, ToneBadge } from '@/components/status-badge';

export const mailStatusLabel: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  logged: 'Logged',
};

const tone: Record<OutboxStatus, Tone> = { pending: 'warning', sent: 'success', failed: 'error', logged: 'neutral' };

/** A mail's delivery state; `logged` means kept in the outbox only (no SMTP relay configured). */
export function MailStatusBadge({ status }: { status: OutboxStatus }) {
  return <ToneBadge tone={tone[status]}>{mailStatusLabel[status]}</ToneBadge>;
}
