/**
 * One autocannon run in its own process, so the load generator never shares a CPU thread with
 * the server or the bench's bookkeeping. Started by bench/run.ts as
 * `node --import tsx bench/load-worker.ts '<json LoadSpec>'` (or `@<file holding it>`); prints one JSON
 * line (LoadResult).
 *
 * Many clients: every request carries the next address of a pool of `clients` private
 * addresses (10.x.y.z from `clientOffset`) in X-Forwarded-For. The server under test trusts
 * only the loopback proxy (TRUST_PROXY=127.0.0.1), so its per-IP rate limits see `clients`
 * different shoppers, each sending a small share of the load, as behind a real load balancer.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  /** Origin, e.g. http://127.0.0.1:3000 */
  origin: string;
  method: 'GET' | 'POST';
  /** Request paths, used in turn (e.g. several product pages). */
  paths: string[];
  /** JSON body for POST. */
  body?: unknown;
  /** JSON bodies used in turn instead of `body` (e.g. checkouts spread over many variations). */
  bodies?: unknown[];
  /** Authorization header values used in turn (e.g. many signed-in customers, each under its rate limit). */
  authorizations?: string[];
  /**
   * A query parameter given a new value on every request (the server ignores it), so that a cache
   * keyed by URL never hits: the row measures what a reply costs when it is not cached.
   */
  uniqueParam?: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Size of the forwarded-address pool; 0 = no X-Forwarded-For. */
  clients: number;
  clientOffset: number;
  /** Seconds before a request counts as timed out. */
  timeout: number;
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  let next = 0;
  const bodies = (spec.bodies ?? (spec.body === undefined ? [] : [spec.body])).map((b) => JSON.stringify(b));
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.duration,
    timeout: spec.timeout,
    requests: [
      {
        method: spec.method,
        setupRequest: (request) => {
          const n = next++;
          const headers: Record<string, string> = {
            ...(request.headers as Record<string, string>),
            accept: 'application/json',
          };
          const body = bodies.length > 0 ? bodies[n % bodies.length] : undefined;
          if (body !== undefined) headers['content-type'] = 'application/json';
          if (spec.clients > 0) headers['x-forwarded-for'] = address(spec.clientOffset + (n % spec.clients));
          if (spec.authorizations?.length) headers.authorization = spec.authorizations[n % spec.authorizations.length]!;
          let path = spec.paths[n % spec.paths.length]!;
          if (spec.uniqueParam)
            path += `${path.includes('?') ? '&' : '?'}${spec.uniqueParam}=${spec.clientOffset}-${n}`;
          return { ...request, path, headers, body };
        },
      },
    ],
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stats as { count: number }).count;
  }
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

// The spec as JSON, or `@file` holding it (bench/run.ts: long URL lists exceed an argument's size).
const arg = process.argv[2] ?? '{}';
const spec = JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg) as LoadSpec;
process.stdout.write(`${JSON.stringify(await run(spec))}\n`);
