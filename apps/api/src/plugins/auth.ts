import type { UserDto, UserRole } from '@parade/core/auth-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../lib/errors';
import { type ClientFacts, findSession } from '../modules/auth';
import { toUserDto } from '../modules/users';

/** The signed-in caller of a request: the user and the bearer token's row. */
export interface Session {
  tokenId: number;
  user: UserDto;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** undefined until looked up; null when the request carries no live token. */
    session: Session | null | undefined;
  }
}

// Our tokens are 43 base64url characters; anything unlike one is refused without a query.
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

/** The request's session from its `Authorization: Bearer` token, looked up once per request. */
export async function getSession(request: FastifyRequest): Promise<Session | null> {
  if (request.session !== undefined) return request.session;
  const match = BEARER.exec(request.headers.authorization?.trim() ?? '');
  const record = match?.[1]
    ? await findSession(request.server.db, match[1], request.server.config.sessionIdleTimeoutMinutes)
    : null;
  request.session = record ? { tokenId: record.tokenId, user: toUserDto(record.user) } : null;
  return request.session;
}

/** Where the request came from: its address (TRUST_PROXY applied) and User-Agent, for sessions and security events. */
export function clientOf(request: FastifyRequest): ClientFacts {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** The signed-in user, or a 401: `const user = await requireUser(request)`. */
export async function requireUser(request: FastifyRequest): Promise<UserDto> {
  return (await requireSession(request)).user;
}

export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await getSession(request);
  if (!session) throw unauthenticated();
  return session;
}

/** The signed-in user when they hold one of the roles; 401 for a guest, 403 for another role. */
export async function requireRole(request: FastifyRequest, ...roles: UserRole[]): Promise<UserDto> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * True for a request that carries credentials, was answered for a signed-in user, or goes to a
 * route that needs a token or hands one out (everything under /api/auth/).
 */
function concernsAuth(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined || request.session) return true;
  const route = request.routeOptions;
  if (route.url?.startsWith('/api/auth/')) return true;
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
}

/**
 * Bearer-token authentication. Routes opt in with a guard that reads as a sentence, either in
 * the handler (`const user = await requireUser(request)`) or as a hook
 * (`{ onRequest: app.authenticate }`). Tokens are opaque; only their SHA-256 hash is stored.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      await requireUser(request);
    });
    // No cache (browser, proxy, CDN) may keep a reply about a signed-in person or an auth call.
    // The public-cache plugin already marks every non-public reply `private, no-store`; this
    // holds whatever a route sets itself, and runs after it (registered later).
    app.addHook('onSend', async (request, reply, payload) => {
      if (concernsAuth(request) && !/\bno-store\b/iu.test(String(reply.getHeader('cache-control') ?? ''))) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 unless the request carries a live bearer token. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}
