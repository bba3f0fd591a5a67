import { pushPublicKeyPayloadSchema, pushSubscriptionPayloadSchema } from '@parade/core/push-schemas';
import { createPushDevice } from '@parade/ui/push-device';
import { apiData } from './api-client';

/**
 * This browser's order updates (docs/decisions/027): the storefront's push worker, served from
 * the site's root (public/push-worker.js), and the API calls that subscribe the signed-in
 * customer. The profile's switch turns it on and off; signing out forgets it.
 */
export const pushDevice = createPushDevice({
  workerUrl: `${import.meta.env.BASE_URL}push-worker.js`,
  scope: import.meta.env.BASE_URL,
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
