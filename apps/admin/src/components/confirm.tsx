import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Red confirm button for an action that removes or stops something. */
  destructive?: boolean;
}

/**
 * Asks before a destructive action; resolves true only on the confirm button (Escape, the close
 * button and a click outside all mean no). The modal traps the focus and returns it on close.
 */
export function confirmAction({ title, message, confirmLabel, destructive = true }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: destructive ? 'error' : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
