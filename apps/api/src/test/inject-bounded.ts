import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Routes whose success is a stream that stays open (server-sent events): app.inject would wait
 * for its end for ever. The route sweeps (fuzzing, object access) call them through
 * injectBounded, which reads what the first moments bring and then hangs up, as a board whose
 * tab is closed does.
 */
export const STREAMING_ROUTES = new Set(['/api/vendor/orders/events']);

const STREAM_READ_MS = 150;

/** app.inject, except that a streaming route's reply is what it sent within STREAM_READ_MS. */
export async function injectBounded(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const url = typeof options.url === 'string' ? options.url : String(options.url?.pathname ?? '');
  const pathname = url.split('?')[0] ?? '';
  if (!STREAMING_ROUTES.has(pathname)) return app.inject(options);
  const reply = await app.inject({ ...options, payloadAsStream: true });
  const stream = reply.stream();
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      stream.destroy();
      resolve();
    }, STREAM_READ_MS);
    stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    stream.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.on('error', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const body = Buffer.concat(chunks).toString('utf8');
  // The parts of a reply the sweeps read; the rest of LightMyRequestResponse is not used there.
  return Object.assign(Object.create(null), {
    statusCode: reply.statusCode,
    statusMessage: reply.statusMessage,
    headers: reply.headers,
    raw: reply.raw,
    cookies: [],
    trailers: {},
    body,
    payload: body,
    rawPayload: Buffer.from(body),
    json: () => JSON.parse(body),
    stream: () => {
      throw new Error('injectBounded: the stream was already read');
    },
  }) as LightMyRequestResponse;
}
