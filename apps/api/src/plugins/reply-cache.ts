import { LRUCache } from 'lru-cache';

/** One stored public reply: the bytes as sent (already compressed for its encoding class) and its headers. */
export interface CachedReply {
  body: Buffer;
  etag: string;
  contentType: string;
  /** `br`, `gzip`, or null for identity. */
  contentEncoding: string | null;
  vary: string;
  /** Date.now() when the reply was made: its Age on the way out. */
  storedAt: number;
}

export interface ReplyCacheOptions {
  /** How long a reply is served from memory; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Changes whenever the data behind public replies changes in this process (the catalogue read model). */
  generation: () => number;
}

/** A fill in progress: the request that runs the handler settles it; the others wait for it. */
export interface Fill {
  key: string;
  generation: number;
  settle(reply: CachedReply | null): void;
}

/** Memory an entry holds beyond its body (key, headers, LRU bookkeeping), roughly. */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * A short-lived, bounded, in-process store of whole public replies, keyed by the request (method,
 * normalised URL and encoding class; see public-cache.ts), with single flight: while one request
 * computes a reply for a key, the others asking for it wait for that reply instead of running the
 * handler again.
 *
 * Freshness: an entry lives `ttlMs` at most, and the whole store is dropped as soon as the
 * generation moves (every catalogue read-model refresh in this process). A fill that saw the
 * generation move while it ran is answered but not kept: it may hold data from before the write.
 */
export class ReplyCache {
  readonly #lru: LRUCache<string, CachedReply>;
  readonly #pending = new Map<string, Promise<CachedReply | null>>();
  readonly #generation: () => number;
  #seenGeneration: number;

  constructor(readonly options: ReplyCacheOptions) {
    this.#generation = options.generation;
    this.#seenGeneration = options.generation();
    this.#lru = new LRUCache<string, CachedReply>({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (reply, key) => reply.body.length + key.length + ENTRY_OVERHEAD_BYTES,
      ttl: Math.max(1, options.ttlMs),
    });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** Entries and bytes held now (for tests and diagnostics). */
  get stats(): { entries: number; bytes: number } {
    this.#dropIfChanged();
    return { entries: this.#lru.size, bytes: this.#lru.calculatedSize };
  }

  /** The stored reply, or the one being computed for this key, or undefined (then call startFill). */
  lookup(key: string): CachedReply | Promise<CachedReply | null> | undefined {
    this.#dropIfChanged();
    return this.#lru.get(key) ?? this.#pending.get(key);
  }

  /** This request computes the reply for `key`; everyone else asking meanwhile waits for it. */
  startFill(key: string): Fill {
    const generation = this.#generation();
    let resolve!: (reply: CachedReply | null) => void;
    const promise = new Promise<CachedReply | null>((r) => {
      resolve = r;
    });
    this.#pending.set(key, promise);
    let settled = false;
    return {
      key,
      generation,
      settle: (reply) => {
        if (settled) return;
        settled = true;
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
        const fresh = reply !== null && this.#generation() === generation;
        if (fresh) {
          this.#dropIfChanged();
          // An entry larger than the whole budget is refused by the LRU (it would evict everything).
          this.#lru.set(key, reply);
        }
        resolve(fresh ? reply : null);
      },
    };
  }

  #dropIfChanged(): void {
    const now = this.#generation();
    if (now !== this.#seenGeneration) {
      this.#seenGeneration = now;
      this.#lru.clear();
    }
  }
}
