import { type Database, queryScope } from '../../db/client';
import { listenToPeers } from '../../db/peers';
import {
  latestOrderEventId,
  ORDER_EVENTS_CHANNEL,
  type OrderEventRow,
  orderEventsAfter,
  pruneOrderEvents,
} from './order-events';

/** One open live board: where it has got to in its shop's feed, and how to send it an event. */
interface Listener {
  shopId: number;
  /** Every event id at or below this one has been sent (or was before the board opened). */
  sentUpTo: number;
  /** Ids above sentUpTo already sent: a later commit can carry a lower id (see orderEventsAfter). */
  sentAbove: Set<number>;
  /** The highest id sent so far (sentUpTo before the first). */
  newest: number;
  send(event: OrderEventRow): void;
}

/**
 * A board asks again for this many ids below the newest it has seen, in case a transaction that
 * took an earlier id from the sequence commits after a later one; it skips what it already sent.
 */
const REREAD_IDS = 200;

/**
 * This process's live order boards. Each API process has one hub listening to its peers
 * (db/peers.ts: the database's LISTEN, and Redis when set): an announcement naming a shop (made
 * by the writer's transaction, from whichever process wrote) makes the hub read that shop's new
 * events from the table and send each board what it has not had. The table, not the
 * announcement, is the truth: a missed one (a dropped LISTEN or Redis connection) is made good by
 * reading every followed shop again.
 */
export class OrderEventHub {
  private readonly listeners = new Set<Listener>();
  private stopListening: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly reading = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(private readonly database: Database) {}

  /**
   * Drops events past the replay window every hour, in every process (a delete of old rows is
   * the same whoever runs it first). Started with the app, whether or not a board ever opens.
   */
  startPruning(everyMs = 3_600_000): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(
      () => void queryScope.exit(() => pruneOrderEvents(this.database.db)).catch(() => {}),
      everyMs,
    );
    this.pruneTimer.unref();
  }

  /**
   * Opens a board for `shopId`: first what came after `lastEventId` (a reconnecting board's
   * Last-Event-ID), or nothing before now without it; then every event as it is committed.
   * Resolves to the function that closes the board.
   */
  async subscribe(shopId: number, lastEventId: number | null, send: Listener['send']): Promise<() => void> {
    await this.start();
    const start = lastEventId ?? (await latestOrderEventId(this.database.db, shopId));
    const listener: Listener = { shopId, sentUpTo: start, sentAbove: new Set(), newest: start, send };
    this.listeners.add(listener);
    this.wake(shopId);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Reads a shop's new events for its boards; a wake while a read runs makes one more read after it. */
  wake(shopId: number): void {
    if (this.reading.has(shopId)) {
      this.again.add(shopId);
      return;
    }
    // Outside any request's scope: a board's request ending must not cancel the reads of the
    // others (cancel-on-abort stops the queries of a request whose client has gone).
    const read = queryScope
      .exit(() => this.read(shopId))
      .catch(() => {
        // The database may be restarting: the next notification, or the reconnect's, reads again.
      })
      .finally(() => {
        this.reading.delete(shopId);
        if (this.again.delete(shopId)) this.wake(shopId);
      });
    this.reading.set(shopId, read);
  }

  /** Waits for the reads under way (tests, and closing). */
  async settled(): Promise<void> {
    while (this.reading.size > 0) await Promise.all(this.reading.values());
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.listeners.clear();
    await this.settled();
    await this.stopListening?.();
    this.stopListening = null;
  }

  private async read(shopId: number): Promise<void> {
    const boards = [...this.listeners].filter((l) => l.shopId === shopId);
    if (boards.length === 0) return;
    const floor = (board: Listener) => Math.max(board.sentUpTo, board.newest - REREAD_IDS);
    const events = await orderEventsAfter(this.database.db, shopId, Math.min(...boards.map(floor)));
    for (const board of boards) {
      if (!this.listeners.has(board)) continue;
      const below = floor(board);
      for (const event of events) {
        if (event.id <= below || board.sentAbove.has(event.id)) continue;
        board.sentAbove.add(event.id);
        board.newest = Math.max(board.newest, event.id);
        board.send(event);
      }
      // Ids under the floor are never read again: no need to remember them.
      for (const id of board.sentAbove) if (id <= floor(board)) board.sentAbove.delete(id);
    }
  }

  private start(): Promise<void> {
    // The LISTEN connection, and every notification it brings, belong to no request.
    this.starting ??= queryScope.exit(async () => {
      this.stopListening = await listenToPeers(this.database, ORDER_EVENTS_CHANNEL, (payload) => {
        if (payload === null) {
          for (const shopId of new Set([...this.listeners].map((l) => l.shopId))) this.wake(shopId);
          return;
        }
        const shopId = Number(payload);
        if (Number.isSafeInteger(shopId)) this.wake(shopId);
      });
    });
    return this.starting;
  }
}
