import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type SentOptions = Omit<QueryOptions, 'parsers'> & { textTypes?: number[] };

/**
 * Query options for the worker. Functions cannot cross threads: the driver's parsers (Drizzle
 * keeps dates and intervals as text) are sent as the type ids to keep as text, which is all
 * they do; any other parser is refused rather than silently dropped.
 */
function sendable(options?: QueryOptions): SentOptions | undefined {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  if (!parsers) return rest as SentOptions;
  const textTypes = Object.entries(parsers).map(([oid, parse]) => {
    if (parse('2000-01-01', Number(oid)) !== '2000-01-01') {
      throw new Error('PGlite worker: only identity parsers can be sent to the worker');
    }
    return Number(oid);
  });
  return { ...(rest as SentOptions), textTypes };
}

/** An error as the driver would have thrown it, with its SQLSTATE code, detail and constraint. */
function revive(plain: Record<string, unknown>): Error {
  const error = new Error(String(plain.message));
  Object.assign(error, plain);
  return error;
}

/** The part of PGlite's interface the Drizzle driver uses, for the database or one transaction. */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

/**
 * PGlite on a worker thread, behind the interface the Drizzle driver uses (`query`, `exec`,
 * `transaction`). PGlite runs one statement at a time and, on the main thread, blocks the
 * event loop while it does: here a slow search only keeps the worker busy, and health checks,
 * static files, load shedding and the requests waiting for the database are still served.
 */
export class PgliteThread implements PgliteLike {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;

  /** LISTEN callbacks by channel: the worker posts each notification it receives. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on(
      'message',
      (message: {
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: Record<string, unknown>;
        notify?: string;
        payload?: string;
      }) => {
        if (message.notify !== undefined) {
          for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload ?? '');
          return;
        }
        if (message.id === undefined) return;
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.result);
        else waiting.reject(revive(message.error ?? { message: 'PGlite worker failed' }));
      },
    );
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited (${code})`)));
  }

  /** `from`: a saved data directory (PGlite's dumpDataDir tarball) to start from, in memory. */
  static async start(
    dataDir: string | undefined,
    postgresqlconf: string[] = [],
    from?: Uint8Array,
    durable = false,
  ): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, postgresqlconf, from, durable },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, options: sendable(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql, options: sendable(options) });
  }

  /** Runs `fn` in one transaction held open in the worker: commit when it resolves, roll back when it throws. */
  async transaction<T>(fn: (tx: PgliteLike & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', newTx: tx });
    let finished = false;
    const scoped = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.send<Results<R>>({ op: 'query', tx, sql, params, options: sendable(options) }),
      exec: (sql: string, options?: QueryOptions) =>
        this.send<Results[]>({ op: 'exec', tx, sql, options: sendable(options) }),
      rollback: async () => {
        finished = true;
        await this.send({ op: 'rollback', tx });
      },
    };
    try {
      const result = await fn(scoped);
      if (!finished) await this.send({ op: 'commit', tx });
      return result;
    } catch (error) {
      if (!finished) await this.send({ op: 'rollback', tx }).catch(() => {});
      throw error;
    }
  }

  /** PGlite's listen, across the thread: `onNotify` runs here for each NOTIFY on `channel`, at its commit. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    const first = set.size === 0;
    set.add(onNotify);
    this.listeners.set(channel, set);
    if (first) await this.send({ op: 'listen', channel });
    return async () => {
      set.delete(onNotify);
      if (set.size > 0) return;
      this.listeners.delete(channel);
      if (!this.failure) await this.send({ op: 'unlisten', channel }).catch(() => {});
    };
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
