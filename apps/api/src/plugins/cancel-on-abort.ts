import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type QueryScope, queryScope } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cancel this route's queries when its client goes away (reads are by default). */
    cancelOnClientGone?: boolean;
  }
}

const scopes = new WeakMap<FastifyRequest, QueryScope>();

/**
 * Client gone, work stopped: a read whose client closed the connection has its running
 * PostgreSQL statements cancelled (pg_cancel_backend) and gets no further connection from the
 * pool. Reads (GET, HEAD) and routes with `config: { cancelOnClientGone: true }` only: a write
 * the client stopped waiting for still completes, so that a retry finds a consistent state.
 * PGlite cannot interrupt a statement, so there it is a no-op (docs/decisions/011).
 */
export const cancelOnAbortPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.database.kind !== 'postgres') return;
    app.addHook('onRequest', (request, _reply, done) => {
      const cancellable =
        request.method === 'GET' ||
        request.method === 'HEAD' ||
        request.routeOptions.config?.cancelOnClientGone === true;
      if (!cancellable) return done();
      const scope: QueryScope = { gone: false, clients: new Set() };
      scopes.set(request, scope);
      // The rest of the request's lifecycle runs inside the scope, so its pool checkouts join it.
      queryScope.run(scope, done);
    });
    app.addHook('onRequestAbort', (request, done) => {
      const scope = scopes.get(request);
      if (scope && !scope.gone) {
        request.log.info({ running: scope.clients.size }, 'client went away: cancelling its queries');
        app.database.abandon(scope);
      }
      done();
    });
  },
  { name: 'cancel-on-abort', dependencies: ['db'] },
);
