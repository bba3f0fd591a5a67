import type { FastifyRequest } from 'fastify';

/**
 * Fastify logs every request's URL, and some URLs carry a capability: whoever reads the log
 * could use it. Each secret is replaced by REDACTED; the rest of the URL is kept as it came.
 * - a password reset link carries its token in the path (/auth/reset-password/<token>?email=...):
 *   the token, and the whole query with the address, go;
 * - a shop's QR code unlocks its QR-only offers (GET /api/vendor-offers/qr-code/validate/<code>);
 * - query parameters named below: a download link's `signature` (the link works without a
 *   sign-in until it expires), a QR code's `qr` (my-offer, on the API and the storefront page),
 *   and any `token`, `access_token` or `id_token`.
 */
export const REDACTED = '[redacted]';

const SECRET_PARAMS = new Set(['signature', 'qr', 'token', 'access_token', 'id_token']);

const RESET_LINK = '/auth/reset-password/';
const QR_CODE_IN_PATH = /(\/qr-code\/validate\/)[^/]+/;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at === -1 ? pair : pair.slice(0, at);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : withoutHash.slice(queryAt + 1);
  const reset = path.indexOf(RESET_LINK);
  if (reset !== -1) return `${path.slice(0, reset)}${RESET_LINK}${REDACTED}`;
  const redactedPath = path.replace(QR_CODE_IN_PATH, `$1${REDACTED}`);
  return query === null ? redactedPath : `${redactedPath}?${redactQuery(query)}`;
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
