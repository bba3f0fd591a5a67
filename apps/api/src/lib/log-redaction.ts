import type { FastifyRequest } from 'fastify';

/**
 * A password reset link carries its secret in the path (/auth/reset-password/<token>?email=...),
 * and Fastify logs every request's URL: keep the secret and the address out of the log.
 */
export function redactUrl(url: string): string {
  return url.replace(/\/auth\/reset-password\/[^?#]*(\?[^#]*)?/, '/auth/reset-password/[redacted]');
}

/** What the log keeps of a request: Fastify's default fields, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
