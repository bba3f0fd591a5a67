import { pushPublicKeyPayloadSchema, pushSubscriptionPayloadSchema } from '@parade/core/push-schemas';
import { createPushDevice } from '@parade/ui/push-device';
import { apiData } from './api-client';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './service-worker-url';

/**
 * This browser's order updates (docs/decisions/027): the storefront's service worker, which
 * imports the push handlers of public/push-worker.js (docs/decisions/035: one worker per scope,
 * so the push subscription is the offline shell's worker's), and the API calls that subscribe the
 * signed-in customer. The profile's switch turns it on and off; signing out forgets it.
 */
export const pushDevice = createPushDevice({
  workerUrl: SERVICE_WORKER_URL,
  scope: SERVICE_WORKER_SCOPE,
  api: {
    publicKey: () => apiData('push/public-key', { schema: pushPublicKeyPayloadSchema }).then((key) => key.public_key),
    save: (subscription) =>
      apiData('user/push-subscriptions', { method: 'POST', body: subscription, schema: pushSubscriptionPayloadSchema }),
    remove: (endpoint) =>
      apiData('user/push-subscriptions', {
        method: 'DELETE',
        body: { endpoint },
        schema: pushSubscriptionPayloadSchema,
      }),
  },
});
