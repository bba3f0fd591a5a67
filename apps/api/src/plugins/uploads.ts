import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentTypeOf, isStorageKey, type ObjectInfo } from '../lib/storage/object-store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the local-disk store keeps the pictures served at /uploads/ (DATA_DIR/uploads).
     * With STORAGE_URL set nothing is kept here: go through `app.storage`.
     */
    uploadsDir: string;
  }
}

/** The validator without its weak prefix: If-None-Match compares weakly (RFC 9110, 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the client's copy is current: If-None-Match first, else If-Modified-Since (whole seconds). */
function notModified(request: FastifyRequest, found: ObjectInfo): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(found.etag));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(found.lastModified.getTime() / 1000) * 1000 <= since;
}

function publicHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=86400');
  // Uploaded SVGs must never run script in our origin.
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header('x-content-type-options', 'nosniff');
}

/**
 * Pictures under uploads/ in the object store (demo pictures, avatars, product images...) served
 * at /uploads/, from whichever store is configured: local disk or the shared bucket, so a
 * picture one process stored is served by every other. Same headers as when @fastify/static
 * served DATA_DIR/uploads: a day's public caching, a sandboxing CSP, nosniff, the type by
 * extension, an ETag and Last-Modified answered with 304. Anything else is the API's 404.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { dataDir: string }) => {
    app.decorate('uploadsDir', path.join(opts.dataDir, 'uploads'));
    app.get(
      '/uploads/*',
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
        const key = `uploads/${request.params['*']}`;
        if (!isStorageKey(key)) return reply.callNotFound();
        // A revalidation asks the store about the object without opening it (one HEAD on a bucket).
        if (request.headers['if-none-match'] || request.headers['if-modified-since']) {
          const info = await app.storage.head(key);
          if (!info) return reply.callNotFound();
          if (notModified(request, info)) {
            publicHeaders(reply);
            reply.header('etag', info.etag).header('last-modified', info.lastModified.toUTCString());
            return reply.code(304).send();
          }
        }
        const found = await app.storage.get(key);
        if (!found) return reply.callNotFound();
        publicHeaders(reply);
        reply
          .type(contentTypeOf(key))
          .header('content-length', found.size)
          .header('etag', found.etag)
          .header('last-modified', found.lastModified.toUTCString());
        // The stream is closed when it ends or the client goes away.
        return reply.send(found.body);
      },
    );
  },
  { name: 'uploads', dependencies: ['storage'] },
);
