import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * The one owner of "this process is stopping" (docs/decisions/042). Background jobs register
 * here instead of keeping flags of their own: `onDrain` stops their timers, `track` makes the
 * shutdown wait for work under way, `draining` tells a loop to stop between rows, and
 * GET /api/health/ready answers 503 from the moment `drain()` is called.
 */
export interface Lifecycle {
  /** True from `drain()` on: readiness answers 503 and jobs take no new work. */
  readonly draining: boolean;
  /** Calls `stop` once, when the drain begins (at once if it already has): clear a timer, stop a loop. */
  onDrain(stop: () => void): void;
  /** Keeps `work` (named for the log) in the set the shutdown waits for; returns it. */
  track<T>(name: string, work: Promise<T>): Promise<T>;
  /** Begins the drain; a second call does nothing. */
  drain(): void;
  /** Resolves when no tracked work is running (work started meanwhile is waited for too). */
  idle(): Promise<void>;
  /** The names of tracked work still running (logged when the grace period runs out). */
  running(): string[];
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  const stops: Array<() => void> = [];
  const running = new Map<Promise<unknown>, string>();
  return {
    get draining() {
      return draining;
    },
    onDrain(stop) {
      if (draining) stop();
      else stops.push(stop);
    },
    track(name, work) {
      // The set holds a settled-either-way copy, so waiting for it never throws; the caller
      // still sees `work` itself, rejections included.
      const done = work.then(
        () => undefined,
        () => undefined,
      );
      running.set(done, name);
      void done.finally(() => running.delete(done));
      return work;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const stop of stops.splice(0)) stop();
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.keys()]);
    },
    running: () => [...running.values()],
  };
}

/**
 * Decorates the app with its lifecycle. Closing the app drains it too (tests close apps without
 * a signal), and waits for tracked work after the other plugins' own onClose hooks ran.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const lifecycle = createLifecycle();
    app.decorate('lifecycle', lifecycle);
    // preClose runs before the server stops accepting: no job starts a round from here on.
    app.addHook('preClose', async () => lifecycle.drain());
    app.addHook('onClose', async () => lifecycle.idle());
    // While draining every reply closes its connection: a keep-alive client (a balancer) opens
    // its next one elsewhere, and the server's close does not wait for an idle socket to time
    // out (Node closes only the sockets idle at the moment of close; Fastify marks only requests
    // that arrive after it). This includes a request taken before the signal and answered after.
    // (A callback hook: on every reply, cheaper than an async one's promise.)
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
