import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CachedReply, type Fill, ReplyCache } from './reply-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public catalogue read: the same bytes for every anonymous visitor. Its 200 replies get
     * a weak ETag (304 on a matching If-None-Match) and a short public Cache-Control, and are
     * kept briefly in memory (the reply cache).
     */
    publicCache?: boolean;
  }
}

export interface PublicCacheOptions {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  /** The in-process cache of whole replies; ttlSeconds 0 turns it off (and it never outlives max-age). */
  replies: { ttlSeconds: number; maxEntries: number; maxBytes: number };
  /** Changes whenever the catalogue read model or the content changes in this process: the reply cache is dropped. */
  generation: () => number;
  /** As the compression plugin is configured: cached replies are stored already compressed. */
  compression: { enabled: boolean; thresholdBytes: number };
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

function appendVary(current: unknown, field: string): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (text.split(',').some((part) => part.trim().toLowerCase() === field.toLowerCase())) return text;
  return text ? `${text}, ${field}` : field;
}

/**
 * The cache key's URL: the path and the query parameters sorted by name (a stable sort, so a
 * repeated name keeps its values' order). Two URLs asking the same thing in another order
 * share an entry; two that differ in anything else never do.
 */
export function normalisedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const name = (part: string) => {
    const eq = part.indexOf('=');
    return eq < 0 ? part : part.slice(0, eq);
  };
  const parts = url
    .slice(at + 1)
    .split('&')
    .filter((part) => part !== '');
  parts.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
  return parts.length ? `${url.slice(0, at)}?${parts.join('&')}` : url.slice(0, at);
}

/**
 * The bytes in a memory block of their own. zlib's sync output and small Buffer.from() results
 * are views into a larger block (64 KB for a 1.5 KB brotli reply), which a cached view would keep
 * alive whole: the cache's byte bound would then understate its memory many times over.
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

const fillOf = Symbol('reply cache fill');
const servedFromCache = Symbol('served from the reply cache');
type CacheAware = FastifyRequest & { [fillOf]?: Fill; [servedFromCache]?: boolean };

/** A follower waits this long at most for another request's reply before running the handler itself. */
const FOLLOWER_WAIT_MS = 10_000;

/**
 * HTTP caching of API replies, in one place. A route opts in with `config: { publicCache: true }`;
 * everything else under /api is `private, no-store`, as is an opted-in route asked with an
 * Authorization header (the reply may then differ per shopper, and a shared cache must not
 * keep it). Prices change, so public replies live briefly (max-age) and may be served stale
 * while a cache revalidates (stale-while-revalidate); the ETag makes a revalidation cost a 304.
 *
 * The same replies are kept in this process for a few seconds (reply-cache.ts): an anonymous GET
 * of an opted-in route is answered from memory (bytes already serialised and compressed, the
 * ETag already hashed) without running its handler or touching the database. Only 200 replies
 * without Set-Cookie to requests without Authorization are kept. The key is the normalised URL
 * and the encoding the client gets (br, gzip or none, negotiated as @fastify/compress does).
 * Every catalogue read-model refresh and every content edit (sliders, pages, blog, deals,
 * settings: content-generation.ts) in this process drops the whole cache; a write made by
 * another process shows here within the cache's TTL (as it does in shared HTTP caches within
 * max-age).
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, opts: PublicCacheOptions) => {
    const publicValue = `public, max-age=${opts.maxAgeSeconds}, stale-while-revalidate=${opts.staleWhileRevalidateSeconds}`;
    /**
     * A page of the storefront (storefront-pages.ts) is kept here like any public reply, but a
     * browser revalidates it every time (a 304 when unchanged): it names the build's hashed
     * files, which a deployment replaces, so a copy kept past one would load code that is gone.
     */
    const cacheControlFor = (contentType: unknown) =>
      String(contentType ?? '').startsWith('text/html') ? 'no-cache' : publicValue;
    const replies = new ReplyCache({
      // Never longer than a browser or shared cache would keep the reply itself.
      ttlMs: Math.min(opts.replies.ttlSeconds, opts.maxAgeSeconds) * 1000,
      maxEntries: opts.replies.maxEntries,
      maxBytes: opts.replies.maxBytes,
      generation: opts.generation,
    });
    app.decorate('publicReplies', replies);

    /** The encoding @fastify/compress would give this request: the same negotiation and aliases. */
    const encodingFor = (request: FastifyRequest): 'br' | 'gzip' | null => {
      const header = request.headers['accept-encoding'];
      if (!opts.compression.enabled || header === undefined || request.headers['x-no-compression'] !== undefined) {
        return null;
      }
      return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']);
    };

    const cacheable = (request: FastifyRequest) =>
      replies.enabled &&
      request.method === 'GET' &&
      request.routeOptions.config?.publicCache === true &&
      request.headers.authorization === undefined;

    const keyOf = (request: FastifyRequest) => `${encodingFor(request) ?? 'identity'} ${normalisedUrl(request.url)}`;

    /** Sends a stored reply as the handler would have: same body, headers and 304 rule. */
    const send = (request: CacheAware, reply: FastifyReply, stored: CachedReply) => {
      request[servedFromCache] = true;
      reply.header('etag', stored.etag);
      reply.header('cache-control', cacheControlFor(stored.contentType));
      reply.header('vary', stored.vary);
      reply.header('age', String(Math.max(0, Math.floor((Date.now() - stored.storedAt) / 1000))));
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, stored.etag)) {
        return reply.code(304).send('');
      }
      reply.header('content-type', stored.contentType);
      if (stored.contentEncoding) reply.header('content-encoding', stored.contentEncoding);
      return reply.code(200).send(stored.body);
    };

    app.addHook('onRequest', async (request: CacheAware, reply) => {
      if (!cacheable(request)) return;
      const key = keyOf(request);
      const found = replies.lookup(key);
      let stored: CachedReply | null | undefined;
      if (found instanceof Promise) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<null>((resolve) => {
          timer = setTimeout(resolve, FOLLOWER_WAIT_MS, null);
        });
        stored = await Promise.race([found, timeout]);
        clearTimeout(timer);
      } else {
        stored = found;
      }
      if (stored) return send(request, reply, stored);
      request[fillOf] = replies.startFill(key);
    });

    /** Whatever ends a fill without a reply to keep (an error, a client gone) lets the waiters run. */
    const giveUp = async (request: CacheAware) => {
      request[fillOf]?.settle(null);
    };
    app.addHook('onResponse', giveUp);
    app.addHook('onRequestAbort', giveUp);

    app.addHook('onSend', async (request: CacheAware, reply, payload) => {
      // Besides the API, only the routes that opted in (the storefront's pages, storefront-pages.ts);
      // the apps' files keep the static server's own caching headers.
      const apiOrOptedIn = request.url.startsWith('/api/') || request.routeOptions.config?.publicCache === true;
      if (request[servedFromCache] || !apiOrOptedIn) return payload;
      const fill = request[fillOf];
      const isPublic =
        reply.statusCode === 200 &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        request.routeOptions.config?.publicCache === true &&
        request.headers.authorization === undefined &&
        // A route may mark one answer no-store: a stand-in for the real one (the storefront's
        // shell when a page could not be drawn), never to be kept or repeated.
        reply.getHeader('cache-control') !== 'no-store' &&
        (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!isPublic) {
        fill?.settle(null);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
        return payload;
      }
      const body = payload as string | Buffer;
      const etag = weakEtag(body);
      reply.header('etag', etag);
      reply.header('cache-control', cacheControlFor(reply.getHeader('content-type')));
      // The reply depends on who asks: a shared cache must not give an anonymous copy to a signed-in shopper.
      reply.header('vary', appendVary(reply.getHeader('vary'), 'Authorization'));

      let out: string | Buffer = body;
      if (fill) {
        if (reply.hasHeader('set-cookie')) {
          fill.settle(null);
        } else {
          const stored = storedReply(request, reply, body, etag);
          fill.settle(stored);
          // Sent as stored: compressed here once, so @fastify/compress (which skips an encoded reply) does not redo it.
          if (stored.contentEncoding) {
            reply.header('content-encoding', stored.contentEncoding);
            reply.header('vary', stored.vary);
            out = stored.body;
          }
        }
      }
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        reply.removeHeader('content-encoding');
        return '';
      }
      return out;
    });

    /** The reply as it leaves for this request's encoding class, compressed as @fastify/compress would. */
    function storedReply(
      request: FastifyRequest,
      reply: FastifyReply,
      body: string | Buffer,
      etag: string,
    ): CachedReply {
      const identity = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const encoding = identity.length >= opts.compression.thresholdBytes ? encodingFor(request) : null;
      const vary = String(reply.getHeader('vary') ?? '');
      return {
        body: ownBytes(
          encoding === 'br'
            ? brotliCompressSync(identity, {
                params: {
                  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
                },
              })
            : encoding === 'gzip'
              ? gzipSync(identity)
              : identity,
        ),
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        contentEncoding: encoding,
        vary: encoding ? appendVary(vary, 'accept-encoding') : vary,
        storedAt: Date.now(),
      };
    }
  },
  { name: 'public-cache' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process cache of public replies (public-cache.ts). */
    publicReplies: ReplyCache;
  }
}
