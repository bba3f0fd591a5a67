import { sql } from 'drizzle-orm';
import type { RedisLink } from '../lib/redis';
import type { Database, DbOrTx } from './client';

/**
 * How the API processes tell each other of a change (issue 26, decision 043): a catalogue or
 * content write (every process drops its cached replies), a new live order event (every process
 * wakes the boards of that shop). Through Redis when REDIS_URL is set and Redis is up; otherwise
 * through the database's NOTIFY, which PostgreSQL delivers to every process's LISTEN and PGlite
 * (one process) to this one. Every process listens on both, so an announcement made through
 * the database while Redis is away still reaches everyone.
 *
 * When a message arrives, relative to the writer's commit:
 * - a NOTIFY sent in the writer's transaction arrives when it commits, and never if it rolls back;
 * - a NOTIFY sent outside it (an announcement from a hook that has no transaction), and any Redis
 *   message, can arrive just before the commit, so a listener that reads the database or drops a
 *   cache on a message does it again PEER_RECHECK_MS later (what it read or kept in between may
 *   be from before the write). `listenToPeers` does that for every listener.
 */
export const PEER_RECHECK_MS = 1_000;

/** The Redis link of this process (one per process, like its connection pool), set at start-up. */
let redis: RedisLink | null = null;
let onRedisFailure: (error: unknown) => void = () => {};

/** Called by the Redis plugin: announcements go through `link` from now on, while it is up. */
export function usePeerRedis(link: RedisLink | null, onFailure: (error: unknown) => void = () => {}): void {
  redis = link;
  onRedisFailure = onFailure;
}

/**
 * Tells every API process (this one too) `payload` on `channel`. Given the writer's transaction,
 * a database announcement is delivered when it commits; given the database, at once.
 */
export async function announceToPeers(db: DbOrTx, channel: string, payload: string): Promise<void> {
  if (redis?.ready()) {
    try {
      await redis.publish(channel, payload);
      return;
    } catch (error) {
      // Redis went away between the check and the command: through the database instead.
      onRedisFailure(error);
    }
  }
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Calls `onMessage(payload)` for each announcement on `channel`, at once and again
 * PEER_RECHECK_MS later (see above); `onMessage(null)` after a reconnect of either path (messages
 * may have been missed: read again whatever is followed). Resolves to a function that stops it.
 */
export async function listenToPeers(
  database: Database,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  const timers = new Set<NodeJS.Timeout>();
  const deliver = (payload: string | null) => {
    onMessage(payload);
    const timer = setTimeout(() => {
      timers.delete(timer);
      onMessage(payload);
    }, PEER_RECHECK_MS);
    timer.unref();
    timers.add(timer);
  };
  const stops = [await database.listen(channel, deliver)];
  if (redis) stops.push(await redis.subscribe(channel, deliver));
  return async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.all(stops.map((stop) => stop()));
  };
}
