import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Red confirm button for an action that removes or stops something. */
  destructive?: boolean;
}

/** How long after a confirmed action its trigger is watched for the focus to return to. */
const WATCH_MS = 15_000;
/** Before this, a trigger that is enabled and focused may not have started its action yet. */
const GRACE_MS = 500;

/**
 * Keeps a keyboard user's place after a confirmed action. The modal gives the focus back to the
 * button that opened it, but the action then disables that button while it runs (a loading
 * button), or replaces it (Suspend becomes Activate, a row leaves the list), and the browser
 * drops the focus to the page: the next Tab starts from the top. While the focus is lost, this
 * puts it back on the button once it is enabled again, or, if the button is gone, on the first
 * control beside it, else on the page's main region.
 */
function returnFocusAfterAction(trigger: Element | null): void {
  if (!(trigger instanceof HTMLElement) || trigger === document.body) return;
  const container = trigger.parentElement;
  const started = Date.now();
  const stop = () => {
    window.clearInterval(timer);
    document.removeEventListener('pointerdown', stop, true);
  };
  // A click anywhere is the user choosing where to be: never pulled back after it.
  document.addEventListener('pointerdown', stop, true);
  const timer = window.setInterval(() => {
    const elapsed = Date.now() - started;
    const focused = document.activeElement;
    // The closing modal keeps the focus on its button through its exit animation: not yet placed.
    if (focused?.closest('[role="dialog"]')) return;
    const lost = focused === null || focused === document.body;
    const busy = trigger.matches(':disabled') || trigger.hasAttribute('data-loading');
    const done =
      elapsed > WATCH_MS || (!lost && focused !== trigger) || (elapsed > GRACE_MS && focused === trigger && !busy);
    if (done) return stop();
    if (!lost) return;
    if (trigger.isConnected) {
      if (!busy) trigger.focus();
      return;
    }
    const beside = container?.isConnected
      ? container.querySelector<HTMLElement>('button:not(:disabled), a[href], input:not(:disabled), select, textarea')
      : null;
    (beside ?? document.getElementById('main'))?.focus();
    stop();
  }, 100);
}

/**
 * Asks before a destructive action; resolves true only on the confirm button (Escape, the close
 * button and a click outside all mean no). The modal traps the focus and returns it on close, and
 * after a confirmed action keeps it near the button that asked (returnFocusAfterAction).
 */
export function confirmAction({ title, message, confirmLabel, destructive = true }: ConfirmOptions): Promise<boolean> {
  const trigger = document.activeElement;
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: destructive ? 'error' : undefined },
      onConfirm: () => {
        returnFocusAfterAction(trigger);
        resolve(true);
      },
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
