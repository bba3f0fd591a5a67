import { type LiveOrderEvent, orderCreatedEventSchema, orderUpdatedEventSchema } from '@parade/core/vendor-schemas';
import { createParser } from 'eventsource-parser';
import { apiUrl, getAuthToken } from '@/lib/api-client';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveOrdersHandlers {
  onEvent(event: LiveOrderEvent & { id: string }): void;
  onStatus(status: LiveStatus): void;
  /** The server refused the token (signed out elsewhere): stop, and let the app sign out. */
  onUnauthorized(): void;
}

/** The longest wait between two attempts after repeated failures. */
const MAX_RETRY_MS = 30_000;

function parseEvent(name: string | undefined, data: string): LiveOrderEvent | null {
  try {
    if (name === 'order.created') return { kind: name, data: orderCreatedEventSchema.parse(JSON.parse(data)) };
    if (name === 'order.updated') return { kind: name, data: orderUpdatedEventSchema.parse(JSON.parse(data)) };
  } catch {
    // An event this version does not understand: skipped, the board stays open.
  }
  return null;
}

/**
 * Keeps the shop's live order stream open until `signal` aborts (contract: "Live orders"). It is
 * read with fetch, the token in the Authorization header (never in the URL, where logs and
 * proxies would keep it); after a drop it waits (the server's `retry:`, longer after repeated
 * failures) and reconnects with Last-Event-ID, so nothing placed meanwhile is missed.
 */
export async function keepLiveOrders(signal: AbortSignal, handlers: LiveOrdersHandlers): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = 3_000;
  let failures = 0;
  handlers.onStatus('connecting');
  while (!signal.aborted) {
    try {
      const token = getAuthToken();
      const res = await fetch(apiUrl('vendor/orders/events'), {
        headers: {
          accept: 'text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        cache: 'no-store',
        signal,
      });
      if (res.status === 401 || res.status === 403) {
        handlers.onStatus('stopped');
        handlers.onUnauthorized();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live orders: ${res.status}`);
      handlers.onStatus('live');
      failures = 0;
      const parser = createParser({
        onEvent: (message) => {
          if (message.id) lastEventId = message.id;
          const event = parseEvent(message.event, message.data);
          if (event) handlers.onEvent({ ...event, id: message.id ?? '' });
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      if (signal.aborted) break;
      failures += 1;
    }
    if (signal.aborted) break;
    handlers.onStatus('reconnecting');
    const wait = Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 4));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
  handlers.onStatus('stopped');
}
