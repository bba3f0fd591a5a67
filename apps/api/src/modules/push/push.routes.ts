import { successEnvelope } from '@parade/core/envelope';
import {
  pushPublicKeyPayloadSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionPayloadSchema,
  pushUnsubscribeBodySchema,
} from '@parade/core/push-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';
import { removePushSubscription, savePushSubscription } from './subscriptions';

/**
 * Web push opt-in (docs/decisions/027): the key a browser subscribes with, and the signed-in
 * user's devices. Customers hear of their orders' status changes; shopkeepers of new orders.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key: the applicationServerKey of pushManager.subscribe()",
        response: { 200: successEnvelope(pushPublicKeyPayloadSchema), ...failureResponses },
      },
    },
    async () => ok({ public_key: app.push.publicKey }),
  );

  app.post(
    '/user/push-subscriptions',
    {
      // Sign-in first: a guest gets 401, whatever the body (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags: ['push'],
        summary: "Subscribe this device to the signed-in user's notifications (send PushSubscription.toJSON())",
        description: [
          'Idempotent: the same endpoint again updates its keys; an endpoint another user subscribed becomes this',
          "user's (one device, one user at a time). `endpoint` must be an https URL; `keys.p256dh` 65 bytes and",
          '`keys.auth` 16 bytes, base64url; anything else is 422 `validation_failed` and changes nothing. A user keeps',
          'at most 10 devices: an 11th replaces the one registered longest ago.',
        ].join(' '),
        security: [{ bearer: [] }],
        body: pushSubscriptionBodySchema,
        response: { 200: successEnvelope(pushSubscriptionPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await savePushSubscription(app.db, user.id, request.body);
      return ok({ subscribed: true });
    },
  );

  app.delete(
    '/user/push-subscriptions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['push'],
        summary: "Unsubscribe this device (only the signed-in user's own); already gone is fine",
        security: [{ bearer: [] }],
        body: pushUnsubscribeBodySchema,
        response: { 200: successEnvelope(pushSubscriptionPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await removePushSubscription(app.db, user.id, request.body.endpoint);
      return ok({ subscribed: false });
    },
  );
};
