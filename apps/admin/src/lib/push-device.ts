import { pushPublicKeyPayloadSchema, pushSubscriptionPayloadSchema } from '@parade/core/push-schemas';
import { createPushDevice } from '@parade/ui/push-device';
import { apiData } from './api-client';

/**
 * This browser's new-order notifications (docs/decisions/027): the merchant site's push worker,
 * served from its root (/admin/push-worker.js, public/push-worker.js) with the merchant site as
 * its scope, and the API calls that subscribe the signed-in shopkeeper. The dashboard's switch
 * turns it on and off; signing out forgets it.
 */
export const pushDevice = createPushDevice({
  workerUrl: `${import.meta.env.BASE_URL}push-worker.js`,
  scope: import.meta.env.BASE_URL,
  api: {
    publicKey: () => apiData('push/public-key', pushPublicKeyPayloadSchema).then((key) => key.public_key),
    save: (subscription) =>
      apiData('user/push-subscriptions', pushSubscriptionPayloadSchema, { method: 'POST', body: subscription }),
    remove: (endpoint) =>
      apiData('user/push-subscriptions', pushSubscriptionPayloadSchema, { method: 'DELETE', body: { endpoint } }),
  },
});
