/**
 * A local stand-in for Stripe, for tests only: the API tests point the real `stripe` SDK at it
 * (STRIPE_API_URL) and the browser tests load a small Stripe.js stand-in from it (STRIPE_JS_URL).
 *
 * REST (what the API's SDK calls), on http://127.0.0.1:<port>:
 *   POST /v1/payment_intents            form-encoded like Stripe (`metadata[invoice_id]=7`); honours
 *                                       `Idempotency-Key` (same key + same body = the first reply,
 *                                       same key + another body = 400 idempotency_error)
 *   GET  /v1/payment_intents/:id        the intent, or 404 resource_missing
 *   POST /v1/refunds                    `payment_intent`, `amount` (default: what is left), `reason`,
 *                                       `metadata[...]`: refunds a succeeded intent at once (status
 *                                       succeeded); 404 resource_missing for an unknown intent, 400
 *                                       charge_not_refundable when it has no successful charge, 400
 *                                       amount_too_large over what is left unrefunded
 *                                       and, when webhookUrl is set, posts the signed charge.refunded
 *                                       event (the charge with its `refunds` list) BEFORE answering,
 *                                       unless `refundWebhooks` is false (a lost webhook)
 *   Connect (payouts, docs/decisions/031):
 *   POST /v1/accounts                   `type`, `country`, `email`, `capabilities[transfers][requested]`,
 *                                       `metadata[...]`: an account (acct_...) not yet onboarded
 *                                       (details_submitted, payouts_enabled false; requirements due)
 *   GET  /v1/accounts/:id               the account, or 404 resource_missing
 *   POST /v1/account_links              `account`, `type` (account_onboarding), `refresh_url`,
 *                                       `return_url`: a link to the stand-in's onboarding page below
 *   POST /v1/transfers                  `amount`, `currency`, `destination`, `transfer_group`,
 *                                       `metadata[...]`: 400 balance_insufficient over the platform's
 *                                       available balance (succeeded charges - refunds - transfers),
 *                                       400 resource_missing for an unknown destination, 400
 *                                       insufficient_capabilities_for_transfer before it is onboarded
 *   GET  /v1/balance                    the platform's balance (available: that same sum, in gbp)
 *   Every /v1 call needs `Authorization: Bearer <secretKey>` (401 otherwise). Errors have
 *   Stripe's shape `{error: {type, code, message}}` so the SDK raises its own error classes.
 *
 * Browser (what the storefront's payment step calls), with CORS open to any origin:
 *   GET  /v3/                           the Stripe.js stand-in script (contract below)
 *   POST /stand-in/confirm              {client_secret, card_number}: settles the intent and posts
 *                                       the signed webhook to `webhookUrl` BEFORE answering, so the
 *                                       API has recorded the payment when confirmPayment resolves
 *
 * Browser, Connect onboarding (what an account link's url opens):
 *   GET  /stand-in/connect/onboard/:token   a page with one button, "Agree and submit"
 *   POST /stand-in/connect/onboard/:token   completes the account (details submitted, payouts and
 *                                       transfers enabled, nothing due), posts the signed
 *                                       account.updated webhook to `webhookUrl`, then redirects
 *                                       (303) to the link's return_url
 *
 * Test control: `settle(intentId, 'succeeded' | 'failed')` does what a confirmation does;
 * `completeOnboarding(accountId)` does what the onboarding page's button does;
 * `signedEvent(type, intent)` builds an event signed with the SDK's own
 * `stripe.webhooks.generateTestHeaderString`, to post by hand (replays, bad signatures...).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * The Stripe.js stand-in's contract (window.Stripe, as the storefront uses it):
 *
 *   const stripe = Stripe(publishableKey)         // throws unless the key starts with "pk_"
 *   const elements = stripe.elements({ clientSecret, appearance? })
 *   const payment = elements.create('payment', options?)
 *   payment.mount(selectorOrElement)              // renders, inside the target, a box
 *       data-testid="stripe-stand-in-payment-element" holding one labelled input
 *       "Card number" (name="cardnumber", prefilled 4242 4242 4242 4242); then fires 'ready' and
 *       a 'change' event {elementType: 'payment', complete: true, empty: false}
 *   payment.on(event, handler) / off / update / focus / blur / clear / unmount / destroy
 *   await elements.submit()                       // {} or {error} when the card number is empty
 *   await stripe.confirmPayment({ elements, clientSecret?, confirmParams: { return_url }, redirect? })
 *       card 4000 0000 0000 0002 is declined: resolves {error: {type: 'card_error',
 *         code: 'card_declined', message: 'Your card was declined.'}} after the stand-in has posted
 *         a signed payment_intent.payment_failed webhook to the API;
 *       any other number succeeds: the stand-in posts a signed payment_intent.succeeded webhook
 *         (the API has answered it before this resolves), then with redirect: 'if_required' it
 *         resolves {paymentIntent: {id, status: 'succeeded', amount, currency}}, otherwise it
 *         goes to return_url?payment_intent=..&payment_intent_client_secret=..&redirect_status=succeeded
 *   await stripe.retrievePaymentIntent(clientSecret) // {paymentIntent}
 *   stripe._registerWrapper / registerAppInfo       // no-ops (react-stripe-js calls them)
 *
 * The script sets window.Stripe when it loads; @stripe/stripe-js's loadStripe uses an existing
 * window.Stripe, so a page may add a <script src={stripe_js_url}> itself and then call loadStripe.
 */
const stripeJsStandIn = (origin: string) => `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  const DECLINED = '4000000000000002';
  function emitter() {
    const handlers = {};
    return {
      on(event, handler) { (handlers[event] ||= []).push(handler); return this; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return this; },
      emit(event, payload) { for (const h of handlers[event] || []) h(payload); },
    };
  }
  async function call(path, body) {
    const res = await fetch(ORIGIN + path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    return res.json();
  }
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_')) {
      throw new Error('Stripe stand-in: a publishable key (pk_...) is required');
    }
    let mounted = null;
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options = {}) {
        const elements = {
          clientSecret: options.clientSecret,
          create(type) {
            const events = emitter();
            let box = null;
            const element = {
              on: (e, h) => { events.on(e, h); return element; },
              off: (e, h) => { events.off(e, h); return element; },
              once: (e, h) => { const once = (p) => { events.off(e, once); h(p); }; events.on(e, once); return element; },
              update() { return element; },
              focus() { box?.querySelector('input')?.focus(); },
              blur() { box?.querySelector('input')?.blur(); },
              clear() { const input = box?.querySelector('input'); if (input) input.value = ''; },
              collapse() { return element; },
              mount(target) {
                const parent = typeof target === 'string' ? document.querySelector(target) : target;
                if (!parent) throw new Error('Stripe stand-in: nothing to mount into');
                box = document.createElement('div');
                box.setAttribute('data-testid', 'stripe-stand-in-payment-element');
                const label = document.createElement('label');
                label.textContent = 'Card number';
                const input = document.createElement('input');
                input.name = 'cardnumber';
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                input.value = '4242 4242 4242 4242';
                input.addEventListener('input', () =>
                  events.emit('change', { elementType: type, complete: input.value.replace(/\\s/g, '').length >= 12, empty: input.value === '' }),
                );
                label.appendChild(input);
                box.appendChild(label);
                parent.appendChild(box);
                mounted = input;
                setTimeout(() => {
                  events.emit('ready', { elementType: type });
                  events.emit('change', { elementType: type, complete: true, empty: false });
                }, 0);
              },
              unmount() { box?.remove(); box = null; mounted = null; },
              destroy() { element.unmount(); },
            };
            elements._element = element;
            return element;
          },
          getElement() { return elements._element || null; },
          update(next = {}) { if (next.clientSecret) elements.clientSecret = next.clientSecret; },
          fetchUpdates: async () => ({}),
          async submit() {
            if (!mounted || mounted.value.trim() === '') {
              return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
            }
            return {};
          },
        };
        return elements;
      },
      async confirmPayment({ elements, clientSecret, confirmParams = {}, redirect } = {}) {
        const secret = clientSecret || elements?.clientSecret;
        const cardNumber = (mounted?.value || '').replace(/\\s/g, '');
        const reply = await call('/stand-in/confirm', { client_secret: secret, card_number: cardNumber });
        if (reply.error) return { error: reply.error };
        const intent = reply.paymentIntent;
        if (redirect === 'if_required' || !confirmParams.return_url) return { paymentIntent: intent };
        const url = new URL(confirmParams.return_url, window.location.href);
        url.searchParams.set('payment_intent', intent.id);
        url.searchParams.set('payment_intent_client_secret', secret);
        url.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(url.toString());
        return new Promise(() => {});
      },
      async retrievePaymentIntent(clientSecret) {
        return call('/stand-in/retrieve', { client_secret: clientSecret });
      },
    };
    return stripe;
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;

/** A PaymentIntent as the stand-in keeps it: the fields of Stripe's object that matter here. */
export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' } | null;
  payment_method_types: string[];
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

/** One call the stand-in received on /v1, for assertions. */
export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

/** A refund as Stripe's API answers it (the fields the API reads). */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** A Connect account as Stripe's API answers it (the fields the API reads). */
export interface StandInAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  default_currency: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers?: 'inactive' | 'pending' | 'active' };
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  business_profile: Record<string, unknown>;
  metadata: Record<string, string>;
  created: number;
}

/** A transfer to a connected account as Stripe's API answers it. */
export interface StandInTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  destination_payment: string;
  transfer_group: string | null;
  description: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
  livemode: false;
}

export interface SignedWebhook {
  event: Stripe.Event;
  /** The exact body to post (the signature covers these bytes). */
  payload: string;
  headers: { 'content-type': string; 'stripe-signature': string };
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  /** <url>/v3/, for STRIPE_JS_URL. */
  stripeJsUrl: string;
  /** For STRIPE_SECRET_KEY: the only key the stand-in accepts. */
  secretKey: string;
  /** For STRIPE_PUBLISHABLE_KEY (or the settings' stripe_test_pub). */
  publishableKey: string;
  /** For STRIPE_WEBHOOK_SECRET: what the stand-in signs its events with. */
  webhookSecret: string;
  /**
   * For STRIPE_CONNECT_WEBHOOK_SECRET: what connected accounts' events (account.updated) are
   * signed with, as Stripe signs them for a Connect endpoint; the webhookSecret unless given.
   */
  connectWebhookSecret: string;
  /** Where settle() and the Stripe.js stand-in post events: the API's /api/payments/stripe/webhook. */
  webhookUrl: string | null;
  intents: Map<string, StandInPaymentIntent>;
  /** Every refund made, by id. */
  refunds: Map<string, StandInRefund>;
  requests: StandInRequest[];
  /** Connect accounts made (POST /v1/accounts), by id. */
  accounts: Map<string, StandInAccount>;
  /** Transfers made to connected accounts (POST /v1/transfers), by id. */
  transfers: Map<string, StandInTransfer>;
  /** The platform's available balance: succeeded charges, less refunds and transfers (pence). */
  availableBalance(): number;
  /** Onboards the account as its page's button does: posts the signed account.updated; resolves with the API's reply. */
  completeOnboarding(accountId: string): Promise<{ status: number; body: string }>;
  /** An `account.updated` event for this account signed as Stripe signs it; `secret` signs with another secret. */
  signedAccountEvent(account: StandInAccount, options?: { secret?: string; id?: string }): SignedWebhook;
  /** While set, /v1 calls answer this HTTP status with an api_error (to test Stripe being down). */
  failWith: number | null;
  /** Whether a refund posts its signed charge.refunded to webhookUrl before answering (default true). */
  refundWebhooks: boolean;
  /** The charge of a succeeded intent as a charge.refunded event carries it (with its refunds list). */
  chargeOf(intentId: string): Record<string, unknown>;
  /** A charge.refunded event for this intent's charge, signed as Stripe signs it. */
  signedChargeRefunded(intentId: string, options?: { secret?: string; id?: string }): SignedWebhook;
  /**
   * A refund made in Stripe's dashboard (no metadata, no idempotency key): refunds `amount` of
   * the intent like POST /v1/refunds and posts charge.refunded; resolves with the refund (or
   * Stripe's error) and the API's reply to the webhook.
   */
  refundOutside(
    intentId: string,
    amount: number,
  ): Promise<{ status: number; refund: unknown; delivered: { status: number; body: string } | null }>;
  /** A webhook event for this intent signed as Stripe signs it; `secret` signs with another secret. */
  signedEvent(type: string, intent: StandInPaymentIntent, options?: { secret?: string; id?: string }): SignedWebhook;
  /** Settles the intent and posts its signed event to webhookUrl; resolves with the API's reply. */
  settle(intentId: string, outcome: 'succeeded' | 'failed'): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/**
 * An event as Stripe sends it (`data` its object, `account` for a connected account's), with
 * the Stripe-Signature header made with `secret` as Stripe makes it.
 */
function signedWebhook(
  type: string,
  data: Record<string, unknown>,
  secret: string,
  opts: { id?: string; account?: string } = {},
): SignedWebhook {
  const event = {
    id: opts.id ?? `evt_${token(18)}`,
    object: 'event',
    ...(opts.account ? { account: opts.account } : {}),
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return {
    event,
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  };
}

/** `a[b][c]=1` form fields as nested objects, the way Stripe reads them. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = value;
  }
  return out;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the stand-in on a free local port; keys and the webhook secret are made up unless given. */
export async function startStripeStandIn(
  options: {
    webhookUrl?: string;
    webhookSecret?: string;
    connectWebhookSecret?: string;
    secretKey?: string;
    publishableKey?: string;
  } = {},
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInPaymentIntent>();
  const refunds = new Map<string, StandInRefund>();
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { body: string; status: number; reply: unknown }>();
  const accounts = new Map<string, StandInAccount>();
  const transfers = new Map<string, StandInTransfer>();
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string }>();

  function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
    response.writeHead(status, {
      'content-type': contentType,
      'request-id': `req_${token(10)}`,
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
    });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  }
  const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, code } });

  function createIntent(params: Record<string, unknown>): StandInPaymentIntent {
    const id = `pi_${token(18)}`;
    const automatic = params.automatic_payment_methods as { enabled?: string } | undefined;
    const intent: StandInPaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency: String(params.currency).toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token(18)}`,
      description: typeof params.description === 'string' ? params.description : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      automatic_payment_methods: automatic?.enabled === 'true' ? { enabled: true, allow_redirects: 'always' } : null,
      payment_method_types: ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  async function handleV1(request: IncomingMessage, response: ServerResponse, url: URL, body: string) {
    const params = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(body);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });
    if (request.headers.authorization !== `Bearer ${standIn.secretKey}`) {
      return send(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }
    if (standIn.failWith !== null) {
      return send(response, standIn.failWith, stripeError('api_error', 'The stand-in was told to fail.'));
    }
    if (request.method === 'POST' && idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.body !== body) {
        return send(
          response,
          400,
          stripeError(
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          ),
        );
      }
      if (earlier) {
        response.setHeader('idempotent-replayed', 'true');
        return send(response, earlier.status, earlier.reply);
      }
    }
    const [status, reply] = routeV1(request.method ?? 'GET', url.pathname, params);
    if (request.method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { body, status, reply });
    if (request.method === 'POST' && url.pathname === '/v1/refunds' && status === 200) {
      await postChargeRefunded((reply as StandInRefund).payment_intent);
    }
    send(response, status, reply);
  }

  function routeV1(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return [400, stripeError('invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer')];
      }
      if (typeof params.currency !== 'string') {
        return [400, stripeError('invalid_request_error', 'Missing required param: currency.', 'parameter_missing')];
      }
      if (params.currency === 'gbp' && amount < 30) {
        return [400, stripeError('invalid_request_error', 'Amount must be at least £0.30 gbp', 'amount_too_small')];
      }
      return [200, createIntent(params)];
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    const connect = routeConnect(method, path, params);
    if (connect) return connect;
    const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) {
      const intent = intents.get(match[1] as string);
      if (!intent) {
        return [404, stripeError('invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing')];
      }
      return [200, intent];
    }
    return [404, stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)];
  }

  function createRefund(params: Record<string, unknown>): [number, unknown] {
    const intentId = String(params.payment_intent ?? '');
    const intent = intents.get(intentId);
    if (!intent) {
      return [404, stripeError('invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing')];
    }
    if (intent.status !== 'succeeded') {
      return [
        400,
        stripeError(
          'invalid_request_error',
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'charge_not_refundable',
        ),
      ];
    }
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = (intent.amount_received ?? intent.amount) - refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return [400, stripeError('invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer')];
    }
    if (amount > left) {
      const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
      return [
        400,
        stripeError(
          'invalid_request_error',
          `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`,
          'amount_too_large',
        ),
      ];
    }
    const refund: StandInRefund = {
      id: `re_${token(18)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: typeof params.reason === 'string' ? params.reason : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return [200, refund];
  }

  // --- Connect: accounts, onboarding links, transfers, the platform's balance (decision 031) ---

  /** Stripe's "No such ..." refusal: 404 for the resource of a GET, 400 for a parameter naming one. */
  const missing = (what: string, id: string, param?: string): [number, unknown] => [
    param ? 400 : 404,
    { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param } },
  ];

  /** Succeeded charges, less refunds and transfers: what the platform may transfer. */
  function availableBalance(): number {
    const charged = [...intents.values()]
      .filter((intent) => intent.status === 'succeeded')
      .reduce((sum, intent) => sum + intent.amount_received, 0);
    const refunded = [...refunds.values()]
      .filter((refund) => refund.status === 'succeeded')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const transferred = [...transfers.values()].reduce(
      (sum, transfer) => sum + transfer.amount - transfer.amount_reversed,
      0,
    );
    return charged - refunded - transferred;
  }

  function routeConnect(method: string, path: string, params: Record<string, unknown>): [number, unknown] | null {
    if (method === 'POST' && path === '/v1/accounts') {
      if (params.type !== 'express') {
        return [
          400,
          stripeError('invalid_request_error', 'The stand-in makes Express accounts only.', 'parameter_invalid'),
        ];
      }
      const requested = (params.capabilities as { transfers?: { requested?: string } } | undefined)?.transfers;
      const account: StandInAccount = {
        id: `acct_${token(16)}`,
        object: 'account',
        type: 'express',
        country: typeof params.country === 'string' ? params.country : 'GB',
        email: typeof params.email === 'string' ? params.email : null,
        default_currency: 'gbp',
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: requested?.requested === 'true' ? { transfers: 'inactive' } : {},
        requirements: {
          currently_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
          eventually_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        business_profile: (params.business_profile as Record<string, unknown> | undefined) ?? {},
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      accounts.set(account.id, account);
      return [200, account];
    }
    const accountPath = /^\/v1\/accounts\/([\w]+)$/.exec(path);
    if (method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1] as string);
      return account ? [200, account] : missing('account', accountPath[1] as string);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(String(params.account ?? ''));
      if (!account) return missing('account', String(params.account ?? ''), 'account');
      for (const field of ['type', 'return_url', 'refresh_url'] as const) {
        if (typeof params[field] !== 'string') {
          return [400, stripeError('invalid_request_error', `Missing required param: ${field}.`, 'parameter_missing')];
        }
      }
      const linkToken = token(18);
      accountLinks.set(linkToken, {
        account: account.id,
        returnUrl: String(params.return_url),
        refreshUrl: String(params.refresh_url),
      });
      const created = Math.floor(Date.now() / 1000);
      return [
        200,
        {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `${standIn.url}/stand-in/connect/onboard/${linkToken}`,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return [400, stripeError('invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer')];
      }
      if (params.currency !== 'gbp') {
        return [400, stripeError('invalid_request_error', 'The stand-in transfers gbp only.', 'parameter_invalid')];
      }
      const destination = accounts.get(String(params.destination ?? ''));
      if (!destination) return missing('destination', String(params.destination ?? ''), 'destination');
      if (destination.capabilities.transfers !== 'active') {
        return [
          400,
          stripeError(
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'insufficient_capabilities_for_transfer',
          ),
        ];
      }
      if (amount > availableBalance()) {
        return [
          400,
          stripeError(
            'invalid_request_error',
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
            'balance_insufficient',
          ),
        ];
      }
      const transfer: StandInTransfer = {
        id: `tr_${token(18)}`,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: 'gbp',
        destination: destination.id,
        destination_payment: `py_${token(18)}`,
        transfer_group: typeof params.transfer_group === 'string' ? params.transfer_group : null,
        description: typeof params.description === 'string' ? params.description : null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        reversed: false,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      transfers.set(transfer.id, transfer);
      return [200, transfer];
    }
    if (method === 'GET' && path === '/v1/balance') {
      const available = availableBalance();
      return [
        200,
        {
          object: 'balance',
          available: [{ amount: available, currency: 'gbp', source_types: { card: available } }],
          pending: [{ amount: 0, currency: 'gbp', source_types: { card: 0 } }],
          livemode: false,
        },
      ];
    }
    return null;
  }

  /** What finishing Stripe's hosted onboarding does to an account. */
  function onboard(account: StandInAccount) {
    account.details_submitted = true;
    account.payouts_enabled = true;
    account.charges_enabled = true;
    account.capabilities = { ...account.capabilities, transfers: 'active' };
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
  }

  const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

  /** The onboarding page an account link opens: one button completes the account and goes back to the site. */
  async function handleOnboarding(request: IncomingMessage, response: ServerResponse, linkToken: string) {
    const link = accountLinks.get(linkToken);
    const account = link ? accounts.get(link.account) : undefined;
    if (!link || !account) {
      return send(
        response,
        404,
        '<!doctype html><html lang="en"><title>Link expired</title><p>This onboarding link is not valid.</p></html>',
        'text/html; charset=utf-8',
      );
    }
    if (request.method === 'POST') {
      onboard(account);
      const delivered = await post(standIn.signedAccountEvent(account));
      if (delivered.status >= 300) {
        return send(
          response,
          502,
          `<!doctype html><html lang="en"><title>Webhook refused</title><p>The webhook was refused: ${delivered.status}</p></html>`,
          'text/html; charset=utf-8',
        );
      }
      response.writeHead(303, { location: link.returnUrl });
      return response.end();
    }
    const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe stand-in: set up payouts</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>Set up payouts</h1>
<p>Stripe stand-in onboarding for <strong>${escapeHtml(account.email ?? account.id)}</strong> (${escapeHtml(account.id)}).</p>
<p>Stripe would ask here for the business type, a bank account and acceptance of its terms.</p>
<form method="post"><button type="submit" style="font-size: 1rem; padding: 0.6rem 1.2rem">Agree and submit</button></form>
</main>
</body>
</html>`;
    return send(response, 200, page, 'text/html; charset=utf-8');
  }

  /** The charge of a succeeded intent, as Stripe's charge object (the fields the API reads) with its refunds. */
  function chargeOf(intentId: string): Record<string, unknown> {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`Stripe stand-in: no intent ${intentId}`);
    const list = [...refunds.values()].filter((refund) => refund.payment_intent === intentId);
    const refunded = list.reduce((sum, refund) => sum + refund.amount, 0);
    const amount = intent.amount_received ?? intent.amount;
    return {
      id: intent.latest_charge ?? `ch_${intentId}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      currency: intent.currency,
      captured: true,
      paid: true,
      payment_intent: intentId,
      refunded: refunded >= amount,
      status: 'succeeded',
      metadata: intent.metadata,
      refunds: {
        object: 'list',
        data: structuredClone(list.sort((a, b) => b.created - a.created)),
        has_more: false,
        url: `/v1/charges/${intent.latest_charge}/refunds`,
      },
      created: intent.created,
      livemode: false,
    };
  }

  /** Posts the signed charge.refunded of this intent's charge, when there is somewhere to post it; a refused or failed delivery is left (Stripe would retry it). */
  async function postChargeRefunded(intentId: string): Promise<{ status: number; body: string } | null> {
    if (!standIn.webhookUrl || !standIn.refundWebhooks) return null;
    try {
      return await post(standIn.signedChargeRefunded(intentId));
    } catch {
      return null;
    }
  }

  function markSettled(intent: StandInPaymentIntent, outcome: 'succeeded' | 'failed') {
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = `ch_${token(18)}`;
      intent.last_payment_error = null;
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    }
  }

  async function post(hook: SignedWebhook): Promise<{ status: number; body: string }> {
    if (!standIn.webhookUrl) throw new Error('Stripe stand-in: set webhookUrl before settling a payment');
    const res = await fetch(standIn.webhookUrl, { method: 'POST', headers: hook.headers, body: hook.payload });
    return { status: res.status, body: await res.text() };
  }

  async function handleBrowser(response: ServerResponse, path: string, body: string) {
    let input: { client_secret?: string; card_number?: string };
    try {
      input = JSON.parse(body) as typeof input;
    } catch {
      return send(response, 400, { error: { type: 'invalid_request_error', message: 'Send JSON.' } });
    }
    const intent = [...intents.values()].find((i) => i.client_secret === input.client_secret);
    if (!intent) {
      return send(response, 200, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' },
      });
    }
    if (path === '/stand-in/retrieve') return send(response, 200, { paymentIntent: publicIntent(intent) });
    if (intent.status === 'succeeded') {
      return send(response, 200, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This payment has already been made.',
        },
      });
    }
    const outcome = input.card_number === '4000000000000002' ? 'failed' : 'succeeded';
    const delivered = await standIn.settle(intent.id, outcome);
    if (delivered.status >= 300) {
      return send(response, 200, {
        error: { type: 'api_error', message: `The webhook was refused: ${delivered.status} ${delivered.body}` },
      });
    }
    if (outcome === 'failed') return send(response, 200, { error: intent.last_payment_error });
    return send(response, 200, { paymentIntent: publicIntent(intent) });
  }

  /** What Stripe.js shows a browser of an intent (never the metadata). */
  const publicIntent = (intent: StandInPaymentIntent) => ({
    id: intent.id,
    object: intent.object,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    last_payment_error: intent.last_payment_error,
  });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    readBody(request)
      .then(async (body) => {
        if (request.method === 'OPTIONS') return send(response, 204, '');
        if (url.pathname.startsWith('/v1/')) return handleV1(request, response, url, body);
        const onboarding = /^\/stand-in\/connect\/onboard\/([\w]+)$/.exec(url.pathname);
        if (onboarding) return handleOnboarding(request, response, onboarding[1] as string);
        if (request.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/')) {
          return send(response, 200, stripeJsStandIn(standIn.url), 'text/javascript; charset=utf-8');
        }
        if (
          request.method === 'POST' &&
          (url.pathname === '/stand-in/confirm' || url.pathname === '/stand-in/retrieve')
        ) {
          return handleBrowser(response, url.pathname, body);
        }
        send(response, 404, stripeError('invalid_request_error', 'Not found'));
      })
      .catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, stripeError('api_error', String(error)));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const standIn: StripeStandIn = {
    url,
    stripeJsUrl: `${url}/v3/`,
    secretKey: options.secretKey ?? `sk_test_standin_${token(12)}`,
    publishableKey: options.publishableKey ?? `pk_test_standin_${token(12)}`,
    webhookSecret: options.webhookSecret ?? `whsec_${token(24)}`,
    webhookUrl: options.webhookUrl ?? null,
    connectWebhookSecret: '',
    intents,
    refunds,
    requests,
    failWith: null,
    refundWebhooks: true,
    chargeOf,
    signedChargeRefunded(intentId, opts = {}) {
      return signedWebhook(
        'charge.refunded',
        { object: chargeOf(intentId) },
        opts.secret ?? standIn.webhookSecret,
        opts,
      );
    },
    async refundOutside(intentId, amount) {
      const [status, refund] = createRefund({ payment_intent: intentId, amount, reason: 'requested_by_customer' });
      if (status !== 200) return { status, refund, delivered: null };
      return { status, refund, delivered: await postChargeRefunded(intentId) };
    },
    accounts,
    transfers,
    availableBalance,
    async completeOnboarding(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`Stripe stand-in: no account ${accountId}`);
      onboard(account);
      return post(standIn.signedAccountEvent(account));
    },
    signedAccountEvent(account, opts = {}) {
      // Connect events name the connected account they are about.
      return signedWebhook(
        'account.updated',
        { object: structuredClone(account), previous_attributes: {} },
        opts.secret ?? standIn.connectWebhookSecret,
        { ...opts, account: account.id },
      );
    },
    signedEvent(type, intent, opts = {}) {
      return signedWebhook(type, { object: structuredClone(intent) }, opts.secret ?? standIn.webhookSecret, opts);
    },
    async settle(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`Stripe stand-in: no intent ${intentId}`);
      markSettled(intent, outcome);
      const type = outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
      return post(standIn.signedEvent(type, intent));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  standIn.connectWebhookSecret = options.connectWebhookSecret ?? standIn.webhookSecret;
  return standIn;
}
