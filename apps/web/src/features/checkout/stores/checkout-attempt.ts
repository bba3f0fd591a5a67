/**
 * The Idempotency-Key of a checkout attempt. One key per attempt, kept (in local storage, with
 * the cart) for as long as the same order is being retried: a double click, a retry after a
 * network error, or a reload after the reply was lost all send the same key with the same body,
 * so the server answers with the order it already made instead of making a second one. A
 * different body (the cart or the choices changed) is a new attempt and gets a new key: the
 * server refuses a key reused with another body.
 */
const STORAGE_KEY = 'parade-checkout-attempt';

interface Attempt {
  key: string;
  body: string;
}

function read(): Attempt | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Attempt | null;
    return stored && typeof stored.key === 'string' && typeof stored.body === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** The key for sending `body`: the current attempt's if the body is the same, else a new one. */
export function idempotencyKeyFor(body: unknown): string {
  const text = JSON.stringify(body);
  const current = read();
  if (current?.body === text) return current.key;
  const attempt: Attempt = { key: crypto.randomUUID(), body: text };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(attempt));
  return attempt.key;
}

/**
 * The attempt is over: the order was placed, or the server refused it outright (nothing was
 * made), so the next try is a new attempt with a new key.
 */
export function endCheckoutAttempt(): void {
  localStorage.removeItem(STORAGE_KEY);
}
