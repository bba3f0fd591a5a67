import { Box, Text } from '@mantine/core';
import type { PayoutRun, PayoutTransferStatus } from '@parade/core/payout-schemas';
import { payoutTransferStatusLabels } from '@parade/core/payout-schemas';
import { type Tone, ToneBadge } from '@/components/status-badge';
import { formatMoney } from '@/lib/format';

export const transferTone: Record<PayoutTransferStatus, Tone> = {
  paid: 'success',
  pending: 'info',
  failed: 'error',
  skipped: 'neutral',
};

/** A transfer's status; never cut short in a narrow column (a phone's table scrolls instead). */
export function TransferStatusBadge({ status }: { status: PayoutTransferStatus }) {
  return (
    <Box miw="max-content">
      <ToneBadge tone={transferTone[status]}>{payoutTransferStatusLabels[status]}</ToneBadge>
    </Box>
  );
}

/** "3 · £120.00" (or a dash for none), for a run's totals by status. */
export function RunTotal({ totals }: { totals: PayoutRun['paid'] }) {
  if (totals.count === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {totals.count} · {formatMoney(totals.amount)}
    </Text>
  );
}
