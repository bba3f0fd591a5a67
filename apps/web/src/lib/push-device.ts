import { createPushDevice } from '@parade/ui/push-device';
import { apiData } from './api-client';
import { lazySchema } from './lazy-schema';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './service-worker-url';

const pushPublicKeyPayloadReply = lazySchema(() =>
  import('@parade/core/push-schemas').then((m) => m.pushPublicKeyPayloadSchema),
);
const pushSubscriptionPayloadReply = lazySchema(() =>
  import('@parade/core/push-schemas').then((m) => m.pushSubscriptionPayloadSchema),
);

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
    publicKey: () => apiData('push/public-key', { schema: pushPublicKeyPayloadReply }).then((key) => key.public_key),
    save: (subscription) =>
      apiData('user/push-subscriptions', { method: 'POST', body: subscription, schema: pushSubscriptionPayloadReply }),
    remove: (endpoint) =>
      apiData('user/push-subscriptions', {
        method: 'DELETE',
        body: { endpoint },
        schema: pushSubscriptionPayloadReply,
      }),
  },
});
