import { randomUUID } from 'node:crypto';
import { usePlainMessages } from '@parade/core/zod-messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { apiRoutes, siteRootRoutes } from './http/routes';
import { cardPaymentTimeoutPlugin } from './jobs/card-payment-timeout';
import { payoutsPlugin } from './jobs/payouts';
import { refundsPlugin } from './jobs/refunds';
import { reviewPromptsPlugin } from './jobs/review-prompts';
import { storedObjectsSweepPlugin } from './jobs/stored-objects-sweep';
import { AppError } from './lib/errors';
import { requestForLog } from './lib/log-redaction';
import type { ObjectStore } from './lib/storage/object-store';
import { readModelGeneration } from './modules/catalog';
import { contentGeneration } from './modules/content';
import { mailerPlugin } from './modules/mail';
import { type PushPluginOptions, pushPlugin } from './modules/push';
import { authPlugin } from './plugins/auth';
import { cancelOnAbortPlugin } from './plugins/cancel-on-abort';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin, errorsPlugin } from './plugins/errors';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { appInlineScriptSources } from './plugins/inline-scripts';
import { lifecyclePlugin } from './plugins/lifecycle';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { openapiPlugin } from './plugins/openapi';
import { peerChangesPlugin } from './plugins/peer-changes';
import { publicCachePlugin } from './plugins/public-cache';
import { redisPlugin } from './plugins/redis';
import { roleGuardsPlugin } from './plugins/role-guards';
import { securityPlugin } from './plugins/security';
import { serializerCompilerFor } from './plugins/serializer';
import { staticAppsPlugin, webDist } from './plugins/static-apps';
import { storagePlugin } from './plugins/storage';
import { storefrontPagesPlugin } from './plugins/storefront-pages';
import { storefrontStatusPlugin } from './plugins/storefront-status';
import { uploadsPlugin } from './plugins/uploads';

export interface AppOptions {
  config: Config;
  database: Database;
  /** false silences the log (tests); otherwise where and from which level to log. */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream };
  /** Where the built apps are (tests); default apps/web/dist and apps/admin/dist. */
  staticRoots?: { web: string; admin: string };
  /** Tests only: how web pushes reach their local push service (modules/push). */
  push?: PushPluginOptions;
  /** An object store opened by the caller (kept open at close); default the one config.storage names. */
  storage?: ObjectStore;
}

/** Infrastructure plugins first, then the API's route modules under /api. */
export async function buildApp({
  config,
  database,
  logger,
  staticRoots,
  push,
  storage,
}: AppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: logger?.level ?? config.logLevel,
            ...(logger?.stream ? { stream: logger.stream } : {}),
            redact: ['req.headers.authorization', '*.password'],
            serializers: { req: requestForLog },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // A slow or stalled client cannot hold a socket for ever (slowloris); an idle keep-alive
    // socket outlives a typical load balancer's idle timeout (60 s) so the balancer closes first.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    ...(config.http.maxRequestsPerSocket > 0 ? { maxRequestsPerSocket: config.http.maxRequestsPerSocket } : {}),
    // Closing (a rolling restart, decision 042): idle keep-alive sockets are closed at once, and
    // a request already on its way over a busy one is answered in full, with `Connection: close`,
    // so the client's next request opens a connection the balancer sends elsewhere. Fastify's
    // default would answer that request 503 (outside our envelope): a failure for no reason.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Failures raised before our error handler runs (bad URL, over-long parameter, what Node's
    // HTTP parser refuses) leave in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON in (the contract's wire rules; multipart where a route takes files): a text/plain body,
  // which Fastify would parse as a string, is 415 `unsupported_media_type` like any other type.
  app.removeContentTypeParser('text/plain');
  // A JSON content type with nothing after it is a call without a body (many HTTP clients send
  // the header on every POST): the route then says what it needs, instead of Fastify's 400
  // "Body cannot be empty". Any other body goes through Fastify's own JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // A route plugin that takes uploads registers the multipart parser for all of its routes, so a
  // form sent to one of them that validates a JSON body (a schema `body`) reached it with no body
  // and was told "This field is required." (an outside audit): it is 415, as it is anywhere else.
  // The routes that read multipart themselves declare no schema `body` (config.documentedBody).
  app.addHook('preValidation', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (request.routeOptions.schema?.body && /^multipart\//i.test(type)) {
      throw new AppError(415, `Unsupported Media Type ${type.split(';')[0]}`, {}, 'unsupported_media_type');
    }
  });
  // The words of a rule a schema states without a message of its own ("This field is required.").
  usePlainMessages();
  app.setValidatorCompiler(validatorCompiler);
  // Validating in tests and development (proves the contract), compiled in production (cheap).
  app.setSerializerCompiler(
    serializerCompilerFor(config.responseSerializer, (route) =>
      app.log.debug(route, 'reply schema not expressible in JSON Schema: validating serialiser kept'),
    ),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorate('config', config);
  // Before everything that runs in the background: each job registers with it (decision 042).
  await app.register(lifecyclePlugin);
  // Before any plugin that declares a route: a route keeps the error handler of when it is declared.
  await app.register(errorHandlerPlugin);
  // First: an overloaded process answers 503 before doing any other work on a request.
  await app.register(loadSheddingPlugin, config.shedding);
  await app.register(dbPlugin, { database });
  await app.register(cancelOnAbortPlugin);
  // Before the rate limiter, whose counters it shares between processes when REDIS_URL is set.
  await app.register(redisPlugin, { url: config.redisUrl });
  await app.register(securityPlugin, {
    config,
    inlineScripts: config.serveApps ? appInlineScriptSources(staticRoots?.web ?? webDist) : [],
  });
  // Before anything that declares routes: compression hooks itself onto each route as it is declared.
  await app.register(compressionPlugin, config.compression);
  await app.register(publicCachePlugin, {
    ...config.publicCache,
    compression: config.compression,
    // Every catalogue write in this process refreshes the read model, and every content write
    // (sliders, pages, blog, deals, settings) moves the content's counter: either drops the
    // cached replies. Both only grow, so their sum moves whenever one of them does.
    generation: () => readModelGeneration() + contentGeneration(),
  });
  // Other API processes' catalogue and content writes drop this one's cached replies (decision 043).
  await app.register(peerChangesPlugin);
  await app.register(openapiPlugin);
  await app.register(storagePlugin, { store: storage });
  await app.register(staticAppsPlugin, { enabled: config.serveApps, roots: staticRoots });
  await app.register(storefrontStatusPlugin);
  if (config.serveApps) await app.register(storefrontPagesPlugin, { webRoot: staticRoots?.web ?? webDist });
  await app.register(errorsPlugin);
  await app.register(uploadsPlugin, { dataDir: config.dataDir });
  await app.register(authPlugin);
  // Before any route: it guards every route declared under /api/vendor/ and /api/admin/.
  await app.register(roleGuardsPlugin);
  await app.register(mailerPlugin);
  await app.register(pushPlugin, push ?? {});
  await app.register(cardPaymentTimeoutPlugin);
  await app.register(refundsPlugin);
  await app.register(payoutsPlugin);
  await app.register(storedObjectsSweepPlugin);
  await app.register(reviewPromptsPlugin);

  // Every route plugin, in one place (src/http/routes.ts).
  await app.register(apiRoutes, { prefix: '/api' });
  // robots.txt and the sitemaps, at the site's root beside the storefront.
  await app.register(siteRootRoutes);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
