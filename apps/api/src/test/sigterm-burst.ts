import http from 'node:http';
import type { ApiProcess } from './api-process';

/**
 * A SIGTERM during a burst of requests (issue 26, decision 042): the balancer-like client and the
 * signal's timing shared by the rolling-restart test (three processes on PostgreSQL) and the
 * multi-process test (the same with Redis and an S3 store).
 */

export const BURST = 500;
const CONCURRENCY = 24;
/** The SIGTERM comes once this many replies are in... */
const SIGNAL_AFTER = 150;
/** ...and the requests from this one on leave once A has stopped accepting (so some meet it closed). */
const AFTER_CLOSE_FROM = 300;

/** A request the balancer-like client sends, and what came of it. */
interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Headers and the first half of the body, then a pause before the rest (a slow client). */
  slow?: boolean;
}

type Answer = { status: number; connection: string | undefined };
/** A connection-level failure; `retryable` when the process never took the request (see send). */
class Refused extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(code);
  }
}

function call(i: number): Call {
  if (i % 25 === 0)
    return { method: 'POST', path: '/api/search', body: JSON.stringify({ search: 'apple' }), slow: true };
  const reads = ['/api/categories', '/api/products?page=1', '/api/shops', '/api/brands', '/api/app/setting'];
  return { method: 'GET', path: reads[i % reads.length]! };
}

/**
 * One request over `agent`'s keep-alive sockets. A slow call sends its headers with
 * `Expect: 100-continue` and its body after `onAccepted` resolves: the server's 100 Continue is
 * the proof that it took the request. The only failures a balancer may retry elsewhere are a
 * refused connection and a connection closed before any reply: a closing Node server closes
 * only connections with no request under way (an idle keep-alive socket the request was sent
 * on as it closed, Node's documented retry case, or one accepted just before it stopped
 * listening), so the request was never taken. Anything else is the request's failure, and a
 * request the process did take must be answered: the slow one to A proves it.
 */
function send(origin: string, agent: http.Agent, c: Call, onAccepted?: () => Promise<void>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = c.body ? Buffer.from(c.body) : undefined;
    const req = http.request(`${origin}${c.path}`, {
      method: c.method,
      agent,
      headers: {
        ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        ...(c.slow ? { expect: '100-continue' } : {}),
      },
    });
    let answered = false;
    req.once('response', (res) => {
      answered = true;
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.once('error', (error) => reject(new Refused((error as NodeJS.ErrnoException).code ?? 'error', false)));
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? 'error';
      const retryable = !answered && (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE');
      reject(new Refused(code, retryable));
    });
    if (c.slow && body) {
      req.once('continue', () => {
        req.write(body.subarray(0, 5));
        void (onAccepted ?? (() => new Promise<void>((r) => setTimeout(r, 200))))().then(() =>
          req.end(body.subarray(5)),
        );
      });
      req.flushHeaders();
    } else {
      req.end(body);
    }
  });
}

/**
 * 500 requests spread round-robin over the processes, CONCURRENCY at a time, like a balancer:
 * a process that refused a request is left out from then on and the request goes to the next.
 * After SIGNAL_AFTER replies, a slow request is sent to `a`; once `a` has taken it (100
 * Continue), `a` gets SIGTERM, and the request's body follows only after `a` stopped accepting.
 * The requests from AFTER_CLOSE_FROM on wait for that moment too, so a third of them meet `a`
 * closed (or one of its keep-alive sockets closing) and go elsewhere.
 */
export async function burstWithSigterm(processes: ApiProcess[], a: ApiProcess) {
  const agents = processes.map(() => new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  const down = new Set<number>();
  const statuses: number[] = [];
  const failures: string[] = [];
  let retried = 0;
  let next = 0;
  const state: { signalled?: Promise<{ slowOnA: Answer; readyDuringDrain: number }> } = {};
  let stoppedAccepting!: () => void;
  const closed = new Promise<void>((resolve) => {
    stoppedAccepting = resolve;
  });

  const balanced = async (c: Call, first: number): Promise<Answer> => {
    for (let attempt = 0; attempt < processes.length; attempt++) {
      const target = (first + attempt) % processes.length;
      if (down.has(target)) continue;
      try {
        return await send(processes[target]!.origin, agents[target]!, c);
      } catch (error) {
        if (!(error instanceof Refused) || !error.retryable) throw error;
        down.add(target);
        retried++;
      }
    }
    throw new Error('no process took the request');
  };

  const sigtermDuringSlowRequest = async () => {
    const aIndex = processes.indexOf(a);
    let readyDuringDrain = 0;
    const slowOnA = await send(a.origin, agents[aIndex]!, call(0), async () => {
      a.child.kill('SIGTERM');
      // Readiness says "not me" while A drains...
      for (;;) {
        const ready = await fetch(`${a.origin}/api/health/ready`).catch(() => null);
        await ready?.arrayBuffer();
        if (ready?.status === 503) {
          readyDuringDrain = 503;
          break;
        }
        if (!ready) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // ...then A stops accepting; the body of the request it took comes after that.
      for (;;) {
        const refused = await fetch(`${a.origin}/api/health/live`).then(
          async (reply) => {
            await reply.arrayBuffer();
            return false;
          },
          () => true,
        );
        if (refused) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      stoppedAccepting();
    });
    return { slowOnA, readyDuringDrain };
  };

  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= BURST - 1) return;
      if (i >= AFTER_CLOSE_FROM) await closed;
      if (statuses.length >= SIGNAL_AFTER && !state.signalled) {
        state.signalled = sigtermDuringSlowRequest();
        // Awaited after the burst; until then a failure must not count as unhandled.
        state.signalled.catch(() => {});
      }
      try {
        const answer = await balanced(call(i + 1), i % processes.length);
        statuses.push(answer.status);
      } catch (error) {
        failures.push(`${call(i + 1).path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (!state.signalled) throw new Error('the burst ended before the signal');
  const { slowOnA, readyDuringDrain } = await state.signalled;
  statuses.push(slowOnA.status);
  // A exits on its own, with the balancer's keep-alive sockets still open: none holds it up.
  await a.exited;
  for (const agent of agents) agent.destroy();
  return {
    statuses,
    failures,
    retried,
    slowOnA: { status: slowOnA.status, connection: slowOnA.connection },
    readyDuringDrain,
  };
}
