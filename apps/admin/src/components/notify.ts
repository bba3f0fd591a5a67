import { notifications } from '@mantine/notifications';

// Mantine's close button is an icon with no name; screen readers need one.
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

/** A mutation went through: a short green toast, announced politely by Mantine's live region. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000, closeButtonProps });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'error', message, autoClose: 5000, closeButtonProps });
}
