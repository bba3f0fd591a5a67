import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public catalogue read: the same bytes for every anonymous visitor. Its 200 replies get
     * a weak ETag (304 on a matching If-None-Match) and a short public Cache-Control.
     */
    publicCache?: boolean;
  }
}

export interface PublicCacheOptions {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Weak: the same for the identity, gzip and brotli forms of one body. */
function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header lists the tag (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag === etag || tag === opaque || (tag.startsWith('W/') && tag.slice(2) === opaque);
  });
}

/**
 * HTTP caching of API replies, in one place. A route opts in with `config: { publicCache: true }`;
 * everything else under /api is `private, no-store`, as is an opted-in route asked with an
 * Authorization header (the reply may then differ per shopper, and a shared cache must not
 * keep it). Prices change, so public replies live briefly (max-age) and may be served stale
 * while a cache revalidates (stale-while-revalidate); the ETag makes a revalidation cost a 304.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, opts: PublicCacheOptions) => {
    const publicValue = `public, max-age=${opts.maxAgeSeconds}, stale-while-revalidate=${opts.staleWhileRevalidateSeconds}`;

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/')) return payload;
      const isPublic =
        reply.statusCode === 200 &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        request.routeOptions.config?.publicCache === true &&
        request.headers.authorization === undefined &&
        (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!isPublic) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
        return payload;
      }
      const etag = weakEtag(payload as string | Buffer);
      reply.header('etag', etag);
      reply.header('cache-control', publicValue);
      // The reply depends on who asks: a shared cache must not give an anonymous copy to a signed-in shopper.
      reply.header('vary', appendVary(reply.getHeader('vary'), 'Authorization'));
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);

function appendVary(current: unknown, field: string): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (text.split(',').some((part) => part.trim().toLowerCase() === field.toLowerCase())) return text;
  return text ? `${text}, ${field}` : field;
}
