/**
 * This browser's side of web push (docs/decisions/027), shared by the storefront and the merchant
 * site: the push worker's registration, the browser's permission and subscription, and the
 * three API calls that tell the server (each app passes its own api client's). Nothing here runs
 * at import time, so server rendering never touches `navigator`.
 */

/** Where this browser stands: what the opt-in switch shows. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export interface PushApi {
  /** GET push/public-key: the server's VAPID public key, base64url. */
  publicKey(): Promise<string>;
  /** POST user/push-subscriptions with PushSubscription.toJSON(). */
  save(subscription: PushSubscriptionJSON): Promise<unknown>;
  /** DELETE user/push-subscriptions {endpoint}. */
  remove(endpoint: string): Promise<unknown>;
}

export interface PushDevice {
  /** What the browser allows and has, without asking anything; re-tells the server of a live subscription. */
  state(): Promise<PushState>;
  /** Asks permission (call from a click), subscribes and tells the server; 'blocked' if the user refuses. */
  turnOn(): Promise<PushState>;
  /** Tells the server, then ends the browser's subscription. */
  turnOff(): Promise<PushState>;
  /** Before signing out: this device stops receiving the user's notifications (never throws). */
  forget(): Promise<void>;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Resolves once the registration's worker is active (pushManager.subscribe needs one). */
async function activeRegistration(workerUrl: string, scope: string): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(workerUrl, { scope });
  const worker = registration.installing ?? registration.waiting;
  if (!registration.active && worker) {
    await new Promise<void>((resolve, reject) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
        // A worker that failed to install is dropped: say so instead of waiting for ever.
        else if (worker.state === 'redundant') reject(new Error('the push worker did not install'));
      });
    });
  }
  return registration;
}

/**
 * The push device of one app: `workerUrl` is its push worker (served as it is from the app's
 * root: /push-worker.js, /admin/push-worker.js) and `scope` the part of the site it serves.
 */
export function createPushDevice(options: { workerUrl: string; scope: string; api: PushApi }): PushDevice {
  const { workerUrl, scope, api } = options;
  const currentSubscription = async () => {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    // Another app's worker may control a wider scope (the storefront's "/" holds "/admin/"): only ours counts.
    if (!registration || new URL(registration.scope).pathname !== new URL(scope, location.href).pathname) return null;
    return registration.pushManager.getSubscription();
  };

  return {
    async state() {
      if (!pushSupported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'blocked';
      const subscription = await currentSubscription();
      if (!subscription || Notification.permission !== 'granted') return 'off';
      // The server may have lost it (pruned after a 410, or another user signed in here since): say it again.
      await api.save(subscription.toJSON());
      return 'on';
    },

    async turnOn() {
      if (!pushSupported()) return 'unsupported';
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return 'blocked';
      if (permission !== 'granted') return 'off';
      const [registration, publicKey] = await Promise.all([activeRegistration(workerUrl, scope), api.publicKey()]);
      const key = bytesOf(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      // Made with another server key (the server's pair was replaced): its pushes would be refused.
      if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await api.save(subscription.toJSON());
      return 'on';
    },

    async turnOff() {
      if (!pushSupported()) return 'unsupported';
      const subscription = await currentSubscription();
      if (subscription) {
        await api.remove(subscription.endpoint);
        await subscription.unsubscribe();
      }
      return Notification.permission === 'denied' ? 'blocked' : 'off';
    },

    async forget() {
      if (!pushSupported()) return;
      try {
        const subscription = await currentSubscription();
        if (!subscription) return;
        await api.remove(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      } catch {
        // Signing out goes on regardless.
      }
    },
  };
}
