import { appendFileSync } from 'node:fs';
import { errorCodes } from '@parade/core/error-codes';
import fc from 'fast-check';
import type { TestApp } from './build-test-app';
import { changedTables, type Fingerprint, type FingerprintExclusions, fingerprinter } from './db-fingerprint';
import { type HostileRequest, hostileRequests, type Operation, preview } from './hostile-requests';
import { injectBounded } from './inject-bounded';
import { appRoutes } from './route-table';

/**
 * The fuzzing harness of fuzz.test.ts: the operations of the OpenAPI document, and a property
 * per operation that sends hostile requests as several callers and checks each reply:
 * never a 5xx; a refusal (4xx) is the failure envelope; a refusal changed nothing in the database.
 */

export interface FuzzOperation {
  method: string;
  /** As the document writes it: `/api/user/order/{id}`. */
  path: string;
  op: Operation;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Every operation of the app's OpenAPI document: reads and writes first, deletes last, so that
 * the rows a DELETE removes (small ids are tried most) are still there for the updates.
 */
export async function documentOperations(app: TestApp['app']): Promise<FuzzOperation[]> {
  const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = reply.json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => httpMethods.includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    )
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** Every METHOD /path the router serves under /api/, written as the document writes paths. */
export function servedApiRoutes(app: TestApp['app']): string[] {
  return appRoutes(app)
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
}

export interface FuzzCaller {
  name: string;
  authorization?: string;
}

/** What is wrong with a refusal's reply, measured against the contract's failure envelope. */
export function envelopeProblems(reply: { headers: Record<string, unknown>; body: string }): string[] {
  const type = String(reply.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return [`content-type ${type || '(none)'} instead of JSON`];
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return ['a body that is not JSON'];
  }
  const e = body as { status?: unknown; message?: unknown; code?: unknown; errors?: unknown };
  const problems: string[] = [];
  if (e.status !== false) problems.push('status is not false');
  if (typeof e.message !== 'string' || e.message === '') problems.push('no message');
  if (typeof e.code !== 'string' || !(errorCodes as readonly string[]).includes(e.code)) {
    problems.push(`code ${preview(e.code)} is not one of error-codes`);
  }
  if (!e.errors || typeof e.errors !== 'object' || Array.isArray(e.errors)) problems.push('errors is not an object');
  return problems;
}

export interface FuzzerOptions {
  /** What a refusal may change by design (see fuzz.test.ts). */
  exclusions: FingerprintExclusions;
  /** After an accepted request: put the callers back (signed in, their roles, their shop). */
  restoreCallers?: () => Promise<void>;
  /** A file to append every request, its status, time and reply to (FUZZ_TRACE). */
  trace?: string;
}

export async function createFuzzer(t: TestApp, options: FuzzerOptions) {
  const { app } = t;
  const prints = await fingerprinter(t.database, options.exclusions);
  // Set-up (sign-ups) may have queued mails: let their delivery finish before the first print.
  await app.mailer.idle();
  let baseline: Fingerprint = await prints.take();
  let mark = await prints.writeMark();
  let requests = 0;

  /** Each request from an address of its own: the per-IP limits must not hide the handlers. */
  function nextAddress(): string {
    requests += 1;
    return `198.18.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`;
  }

  /** Sends the request as the caller; throws (for fast-check to shrink) when a property fails. */
  async function check(request: HostileRequest, caller: FuzzCaller): Promise<void> {
    const started = performance.now();
    const reply = await injectBounded(app, {
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(caller.authorization ? { authorization: caller.authorization } : {}) },
      payload: request.payload,
      remoteAddress: nextAddress(),
    });
    // Mails are written by the request but marked by a background job: let it finish first.
    await app.mailer.idle();
    if (options.trace) {
      const took = Math.round(performance.now() - started);
      appendFileSync(
        options.trace,
        `${caller.name}: ${request.summary.slice(0, 300)}\n  ${reply.statusCode} in ${took} ms ${reply.body.slice(0, 200)}\n`,
      );
    }

    const refused = reply.statusCode >= 400;
    const problems: string[] = [];
    if (reply.statusCode >= 500) problems.push(`a ${reply.statusCode}`);
    if (refused) problems.push(...envelopeProblems(reply));

    const nowMark = await prints.writeMark();
    if (nowMark !== mark) {
      // Something wrote (on a shared PostgreSQL server, perhaps another database): look closer.
      if (!refused) await options.restoreCallers?.();
      const after = await prints.take();
      if (refused) {
        const changed = changedTables(baseline, after);
        if (changed.length) problems.push(`a refused request changed ${changed.join(', ')}`);
      }
      baseline = after;
      mark = await prints.writeMark();
    }

    if (problems.length) {
      throw new Error(
        `${caller.name}: ${request.summary}\n  -> ${problems.join('; ')}\n  reply ${reply.statusCode} ${preview(reply.body)}`,
      );
    }
  }

  return {
    check,
    /** How many requests were sent so far. */
    get requests() {
      return requests;
    },
    /**
     * The property of one operation: each generated request is sent as every caller in turn
     * (`callers` gets a forged Authorization header to use for one of them).
     */
    property(operation: FuzzOperation, callers: (forged: string) => FuzzCaller[]) {
      return fc.asyncProperty(
        hostileRequests(operation.method, operation.path, operation.op),
        forgedAuthorization,
        async (request, forged) => {
          for (const caller of callers(forged)) await check(request, caller);
        },
      );
    },
  };
}

/** A forged or malformed Authorization header. */
const forgedAuthorization = fc.constantFrom(
  `Bearer ${"' OR 1=1 --"}`,
  `Bearer ${'A'.repeat(43)}`,
  `Bearer ${'x'.repeat(10_000)}`,
  'Bearer',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer <script>alert(1)</script>',
  `bearer   ${'a'.repeat(43)}`,
);
