import { Redis, type RedisOptions } from 'ioredis';

/**
 * This process's link to Redis (REDIS_URL, issue 26): one connection for commands (the shared
 * rate-limit counters, PUBLISH) and one for SUBSCRIBE (a subscribed connection takes no other
 * command). Redis is optional and may go away at any time: nothing here waits for it. Commands
 * fail at once while it is away (no offline queue), so callers fall back (per-process limits,
 * announcements through the database) instead of holding requests; both connections keep
 * reconnecting in the background and the link says when it is back.
 */
export interface RedisLink {
  /** The command connection (for @fastify/rate-limit's Redis store, and PUBLISH). */
  readonly commands: Redis;
  /** True while the command connection is up. */
  ready(): boolean;
  /** Publishes `message` on `channel`; rejects at once while Redis is away. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `onMessage(message)` for each message on `channel`. After the subscription comes back
   * from an outage it calls `onMessage(null)`: messages may have been missed meanwhile. Resolves
   * to a function that stops listening (it does not wait for Redis to be there).
   */
  subscribe(channel: string, onMessage: (message: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface RedisLinkEvents {
  /** Redis became unreachable after having been up (said once per outage). */
  down(error: Error | undefined): void;
  /** Redis is back after an outage. */
  up(): void;
}

/** Reconnects every 100 ms growing to 2 s: a returning Redis is used again within 2 s. */
const retryStrategy = (attempt: number) => Math.min(100 * attempt, 2_000);

export function openRedisLink(url: string, events: RedisLinkEvents): RedisLink {
  const options: RedisOptions = {
    // A command while Redis is away fails now instead of waiting in a queue (the request that
    // asked falls back); one retry per command covers a connection that drops mid-command.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy,
  };
  const commands = new Redis(url, options);
  // The subscriber queues its SUBSCRIBEs until it is connected, however long that takes, and
  // subscribes again after every reconnect (ioredis's autoResubscribe): a subscription made
  // while Redis is away still counts.
  const subscriber = new Redis(url, {
    ...options,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });

  let wasUp = false;
  let down = false;
  const markDown = (error?: Error) => {
    if (!wasUp || down) return;
    down = true;
    events.down(error);
  };
  commands.on('ready', () => {
    wasUp = true;
    if (down) {
      down = false;
      events.up();
    }
  });
  commands.on('error', (error: Error) => markDown(error));
  commands.on('close', () => markDown());
  // Errors are reported through the command connection's; an unhandled 'error' would throw.
  subscriber.on('error', () => {});

  const handlers = new Map<string, Set<(message: string | null) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    // The first 'ready' is the start; any later one follows an outage.
    if (subscribedOnce) for (const set of handlers.values()) for (const handler of set) handler(null);
    subscribedOnce = true;
  });

  return {
    commands,
    ready: () => commands.status === 'ready',
    async publish(channel, message) {
      await commands.publish(channel, message);
    },
    async subscribe(channel, onMessage) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onMessage);
      handlers.set(channel, set);
      if (first) subscriber.subscribe(channel).catch(() => {});
      return async () => {
        set.delete(onMessage);
        if (set.size > 0) return;
        handlers.delete(channel);
        await subscriber.unsubscribe(channel).catch(() => {});
      };
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
