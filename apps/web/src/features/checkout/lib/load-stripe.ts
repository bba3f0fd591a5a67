/**
 * Stripe.js, loaded on demand by the payment step only (never by the entry chunk or any other
 * screen), from a configurable address: setting `stripe_js_url` when the server gives one (the
 * browser tests serve a stand-in there), else Stripe's own. `@stripe/stripe-js`'s loadStripe
 * always fetches from js.stripe.com, which the tests cannot reach, hence this small loader.
 */
export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The part of Stripe.js the payment step uses. */
export interface StripeError {
  type?: string;
  message?: string;
}
export interface StripePaymentElement {
  mount(target: HTMLElement | string): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (event: { complete?: boolean }) => void): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  submit(): Promise<{ error?: StripeError }>;
}
export interface StripeClient {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError }>;
}
type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loading = new Map<string, Promise<StripeFactory>>();

/** Adds the Stripe.js script once per address and resolves with `window.Stripe`. */
export function loadStripeJs(url: string = DEFAULT_STRIPE_JS_URL): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  const pending = loading.get(url);
  if (pending) return pending;
  const promise = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded but did not start.'));
    script.onerror = () => reject(new Error('The card payment form could not be loaded.'));
    document.head.appendChild(script);
  });
  // A failed load may be tried again (a flaky connection), so it is not kept.
  promise.catch(() => loading.delete(url));
  loading.set(url, promise);
  return promise;
}
