/**
 * A call answered 403 `two_factor_required` (docs/decisions/045): an admin without two-factor
 * sign-in where the site requires it, or a shopkeeper asking for payout onboarding without it. The
 * signed-in layout listens and sends the person to their Account page, where it is set up, with
 * the server's message.
 */
type Listener = (message: string) => void;
const listeners = new Set<Listener>();

export function onTwoFactorRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportTwoFactorRequired(message: string): void {
  for (const listener of listeners) listener(message);
}

/** What the Account page reads from the navigation's state. */
export interface TwoFactorRequiredState {
  twoFactorRequired: string;
}

export const isTwoFactorRequiredState = (state: unknown): state is TwoFactorRequiredState =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as Partial<TwoFactorRequiredState>).twoFactorRequired === 'string';
