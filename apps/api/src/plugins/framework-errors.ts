import http from 'node:http';
import type { Socket } from 'node:net';
import type { FailureEnvelope } from '@parade/core/envelope';
import type { ErrorCode } from '@parade/core/error-codes';
import { messages } from '@parade/core/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The failures Fastify and Node answer before a request reaches our error handler
 * (plugins/errors.ts), in the same envelope as every other failure:
 * - `frameworkErrors` (Fastify's option): a URL that does not decode (400 `invalid_url`) or a
 *   path parameter over the router's maxParamLength (414 `url_too_long`), raised while routing;
 * - `clientErrorHandler` (Fastify's option, Node's 'clientError'): what Node's HTTP parser
 *   refuses on the raw socket before there is any request object: a bad or contradictory
 *   Content-Length, a malformed request line or header (400 `bad_request`), headers over the
 *   size limit (431 `headers_too_large`), a request not received within REQUEST_TIMEOUT_MS
 *   (408 `request_timeout`). The socket is closed after the answer, as Node does.
 */

/** A browser asking for a page (not the API, not a file) where the apps are served. */
function isPageRequest(request: FastifyRequest): boolean {
  if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return false;
  // GET or HEAD, not the API, no file extension, under an app that is served (static-apps.ts).
  return request.server.hasDecorator('spaFor') && request.server.spaFor(request) !== null;
}

/** Self-contained (no script, no stylesheet to fetch): the apps' code cannot route a URL that does not decode. */
const BROKEN_LINK_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>This link is broken - Parade</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}a{color:#1c5d3b}</style>
</head>
<body>
<main>
<h1>This link is broken</h1>
<p>The address has characters in it that do not make a web address, so we cannot tell which page it meant. It may have been cut short or changed when it was copied.</p>
<p><a href="/">Go to the home page</a> or <a href="/products">browse all products</a>.</p>
</main>
</body>
</html>
`;

const failure = (code: ErrorCode, message: string): FailureEnvelope => ({ status: false, message, code, errors: {} });

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No route matched, so no hook ran: helmet's headers are not set; the two that matter for a JSON error are.
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL') {
    if (isPageRequest(_request)) {
      // A shopper who followed a mangled link gets a page, not JSON (still 400, never indexed).
      reply
        .code(400)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .header('x-frame-options', 'DENY')
        .send(BROKEN_LINK_PAGE);
      return;
    }
    reply.code(400).send(failure('invalid_url', 'The URL is not valid: a percent-encoded part does not decode.'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(failure('url_too_long', 'A part of the URL is longer than any valid value.'));
    return;
  }
  // FST_ERR_ASYNC_CONSTRAINT: our routes declare no async constraints, so this is ours.
  reply.log.error({ err: error }, 'routing failed');
  reply.code(500).send(failure('server_error', messages.genericError));
}

function clientFailure(error: NodeJS.ErrnoException): { status: number; body: FailureEnvelope } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: failure('request_timeout', 'The request was not received in time.') };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      body: failure('headers_too_large', 'The request headers are larger than the server accepts.'),
    };
  }
  return { status: 400, body: failure('bad_request', 'The request is malformed (its request line or headers).') };
}

export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or already closed connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const { status, body } = clientFailure(error);
  const json = JSON.stringify(body);
  // Closed once the answer is flushed: the parser cannot read anything more on this connection.
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      json,
    () => socket.destroy(),
  );
}
