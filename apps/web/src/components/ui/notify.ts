import { type NotificationData, notifications } from '@mantine/notifications';
import { truncate } from '@parade/core/text';

/** Spec section 9: titles are cut to 16 characters and bodies to 150, with '...'. */
export const TOAST_TITLE_LIMIT = 16;
export const TOAST_BODY_LIMIT = 150;

export type NotifyKind = 'success' | 'error' | 'info';

export interface NotifyOptions {
  kind?: NotifyKind;
  title?: string;
  message: string;
  position?: NotificationData['position'];
}

const colours: Record<NotifyKind, string> = { success: 'accent', error: 'error', info: 'secondary' };

/**
 * Shows a toast. Success and error notices appear at the top centre; anything else at the
 * provider's default (top right). Timing (2000 ms) and the limit of 8 come from the provider.
 */
export function notify({ kind = 'info', title, message, position }: NotifyOptions): string {
  return notifications.show({
    title: title ? truncate(title, TOAST_TITLE_LIMIT) : undefined,
    message: truncate(message, TOAST_BODY_LIMIT),
    color: colours[kind],
    position: position ?? (kind === 'info' ? undefined : 'top-center'),
    // Mantine's close button is an icon only: screen readers need its name.
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
