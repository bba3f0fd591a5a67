import { createHash } from 'node:crypto';
import { DIGITAL_QUANTITY_MESSAGE, orderTotals, repeatedDigitalLines } from '@parade/core/cart';
import type { CouponLine } from '@parade/core/coupon';
import { cashPaymentNotice } from '@parade/core/digital-files';
import type { FieldErrors } from '@parade/core/envelope';
import { holidayNotice } from '@parade/core/holiday';
import { parseCollectionPoints } from '@parade/core/location';
import { formatMoney } from '@parade/core/money';
import { commissionFor, commissionRateSetting, lineVat } from '@parade/core/money-rules';
import type { OrderAddress, PlaceOrderPayload, placeOrderBodySchema } from '@parade/core/order-schemas';
import { CARD_MINIMUM_PENCE } from '@parade/core/order-status';
import { effectiveSiteSettings } from '@parade/core/settings';
import { vatLines } from '@parade/core/vat';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client';
import { retryingDeadlocks } from '../lib/deadlocks';
import { AppError } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { findUserAddress } from '../modules/addresses';
import { type ClaimedCoupon, claimCoupon, recordCouponRedemption, spendRewardPoints } from '../modules/cart';
import { type CheckoutVariation, recordSale, variationsForCheckout } from '../modules/catalog';
import { getSiteSettings } from '../modules/content';
import { checkDelivery, type Geocoder, GeocoderUnavailableError } from '../modules/location';
import { enqueueMails, type OutgoingMail } from '../modules/mail';
import {
  checkoutReply,
  createCheckout,
  findInvoiceByIdempotencyKey,
  INVOICE_IDEMPOTENCY_INDEX,
  placeOrderReply,
} from '../modules/orders';
import { type CheckoutShop, shopsForOrders } from '../modules/shops';

export type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;

export interface PlaceOrderContext {
  db: Db;
  geocoder: Geocoder;
  publicUrl: string;
  /** Card checkouts unpaid this long are cancelled by the payments job (CARD_PAYMENT_TIMEOUT_MINUTES). */
  cardPaymentTimeoutMinutes: number;
  /** Whether the server holds what card payment needs (Stripe keys); the admin's setting is read here. */
  stripe: { stripeSecretKeySet: boolean; publishableKey?: string };
  deliverMail(ids: number[]): void;
  /** Called once when a checkout committed (never for an idempotent replay): its shops' pushes go then. */
  onPlaced?(reply: PlaceOrderPayload): void;
  now?: () => Date;
}

export interface Customer {
  id: number;
  name: string;
  email: string;
}

const refuse = (message: string, errors: FieldErrors, code: AppError['code'], status = 422) =>
  new AppError(status, message, errors, code);

/** The body as the server understood it (unknown fields already dropped), with keys in a fixed order. */
function requestHash(body: PlaceOrderInput): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

interface PricedLine {
  index: number;
  variation: CheckoutVariation;
  quantity: number;
}

interface ShopPart {
  shop: CheckoutShop;
  lines: PricedLine[];
  subtotal: number;
}

/** Where the order goes: a collection point of the settings, or a delivery address within the radius. */
async function resolveDestination(
  ctx: PlaceOrderContext,
  customer: Customer,
  body: PlaceOrderInput,
  settings: Awaited<ReturnType<typeof getSiteSettings>>,
): Promise<{ collectionPoint: string | null; address: OrderAddress | null }> {
  if (body.order_type === 'collection') {
    const point = body.collection_point;
    const known = parseCollectionPoints(settings.collection_locations).some((p) => p.value === point);
    if (!point || !known) {
      const message = point ? 'Choose one of our collection points.' : 'Choose a collection point.';
      throw refuse(message, { collection_point: [message] }, 'collection_point_invalid');
    }
    return { collectionPoint: point, address: null };
  }

  let address: OrderAddress;
  let field: string;
  // A delivery goes to exactly one address, the one whose postcode is checked (the contract).
  if (body.address_id !== undefined && body.address !== undefined) {
    const message = 'Send either a saved address (address_id) or a new address, not both.';
    throw refuse(message, { address: [message] }, 'validation_failed');
  }
  if (body.address_id !== undefined) {
    const saved = await findUserAddress(ctx.db, customer.id, body.address_id);
    if (!saved) throw refuse('Address not found.', { address_id: ['Address not found.'] }, 'address_not_found');
    const { name, phone, line1, line2, city, postcode } = saved;
    address = { name, phone, line1, line2: line2 ?? null, city, postcode };
    field = 'address_id';
  } else if (body.address) {
    address = { ...body.address, line2: body.address.line2 ?? null };
    field = 'address.postcode';
  } else {
    const message = 'Choose a delivery address.';
    throw refuse(message, { address_id: [message] }, 'delivery_address_required');
  }

  let check: Awaited<ReturnType<typeof checkDelivery>>;
  try {
    check = await checkDelivery(ctx.db, ctx.geocoder, address.postcode);
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) {
      throw new AppError(503, 'Something went wrong, Please Try Again Later', {}, 'service_unavailable');
    }
    throw error;
  }
  if (!check) {
    const message = 'We could not find this postcode.';
    throw refuse(message, { address: [message], [field]: [message] }, 'postcode_invalid');
  }
  if (!check.allowed) {
    // `errors.address` names the address as a whole (contract: "Fulfilment"); the field key
    // points at the input a form can mark.
    const message = `We deliver within ${check.radius_miles} miles; ${check.postcode} is ${check.distance_miles} miles away.`;
    throw refuse(message, { address: [message], [field]: [message] }, 'delivery_out_of_range');
  }
  return { collectionPoint: null, address: { ...address, postcode: check.postcode } };
}

/** The request's lines priced from the catalogue, grouped by shop in the order the cart lists them. */
async function priceCart(db: DbOrTx, body: PlaceOrderInput): Promise<ShopPart[]> {
  const variations = await variationsForCheckout(
    db,
    body.items.map((i) => i.variation_id),
  );
  const shops = await shopsForOrders(
    db,
    [...variations.values()].map((v) => v.shopId),
  );
  const errors: FieldErrors = {};
  const away: FieldErrors = {};
  const onceOnly: FieldErrors = {};
  // A download is bought once (contract: "Digital lines"): a second copy would be the same file.
  const repeatedDownloads = new Set(
    repeatedDigitalLines(body.items, (id) => {
      const variation = variations.get(id);
      return variation?.onSale && shops.has(variation.shopId) ? variation.type : undefined;
    }),
  );
  const parts = new Map<number, ShopPart>();
  body.items.forEach((item, index) => {
    const variation = variations.get(item.variation_id);
    const shop = variation ? shops.get(variation.shopId) : undefined;
    if (!variation?.onSale || !shop) {
      errors[`items.${index}`] = ['This item is no longer available.'];
      return;
    }
    if (repeatedDownloads.has(index)) {
      onceOnly[`items.${index}`] = [DIGITAL_QUANTITY_MESSAGE];
      return;
    }
    if (!shop.isOpen) {
      errors[`items.${index}`] = [`${shop.name} is not taking orders at the moment.`];
      return;
    }
    if (shop.onHoliday) {
      // The same notice the storefront shows on the shop's pages.
      away[`items.${index}`] = [
        holidayNotice({ name: shop.name, holiday_mode: true, holiday_message: shop.holidayMessage }) ?? shop.name,
      ];
      return;
    }
    const part = parts.get(shop.id) ?? { shop, lines: [], subtotal: 0 };
    part.lines.push({ index, variation, quantity: item.quantity });
    part.subtotal += variation.price * item.quantity;
    parts.set(shop.id, part);
  });
  if (Object.keys(errors).length > 0) {
    throw refuse('Some items in your cart can no longer be ordered.', errors, 'shop_unavailable');
  }
  if (Object.keys(onceOnly).length > 0) throw refuse(DIGITAL_QUANTITY_MESSAGE, onceOnly, 'validation_failed');
  if (Object.keys(away).length > 0) {
    throw refuse('A shop in your cart is on holiday.', away, 'shop_on_holiday', 409);
  }
  return [...parts.values()];
}

function confirmationMail(publicUrl: string, customer: Customer, reply: PlaceOrderPayload): OutgoingMail {
  const link = `${publicUrl}/order/invoice/${reply.invoice}`;
  const lines = reply.orders.flatMap((order) => [
    `${order.shop.name}:`,
    ...order.items.map((item) => `  ${item.quantity} x ${item.full_name}  ${formatMoney(item.total)}`),
    // A VAT-registered shop's order: the VAT at each rate and its number, as on the invoice.
    ...vatLines(order),
  ]);
  const text = [
    `Hello ${customer.name},`,
    '',
    `Thank you for your order ${reply.invoice}. Total: ${formatMoney(reply.total)}.`,
    ...(reply.payment.method === 'cash'
      ? [
          '',
          ...cashPaymentNotice(
            reply.orders.flatMap((order) => order.items),
            reply.orders[0]?.order_type ?? 'collection',
          ),
        ]
      : []),
    '',
    ...lines,
    '',
    `Your invoice: ${link}`,
    '',
    'The Parade team',
  ].join('\n');
  return { kind: 'order-placed', to: customer.email, subject: `Your Parade order ${reply.invoice}`, text };
}

function shopNoticeMail(shop: CheckoutShop, order: PlaceOrderPayload['orders'][number]): OutgoingMail | null {
  if (!shop.email) return null;
  const text = [
    `New order #${order.id} (${order.invoice.number}) for ${order.order_type}, paid by ${order.payment_method}:`,
    '',
    ...order.items.map((item) => `  ${item.quantity} x ${item.full_name}`),
    '',
    `Order total: ${formatMoney(order.total)}.`,
  ].join('\n');
  return { kind: 'order-new-for-shop', to: shop.email, subject: `New order #${order.id} on Parade`, text };
}

/**
 * A coupon or points sent for a shop with nothing in the order would be dropped without a word:
 * say so instead, keyed by the field (`coupons.<shop id>`, `reward_points.<shop id>`). An empty
 * code or zero points asks for nothing and passes.
 */
function refuseShopsNotInCart(body: PlaceOrderInput, parts: ShopPart[]): void {
  const inCart = new Set(parts.map((part) => String(part.shop.id)));
  const errors: FieldErrors = {};
  const message = 'This shop has nothing in your order.';
  for (const [shopId, code] of Object.entries(body.coupons)) {
    if (code && !inCart.has(shopId)) errors[`coupons.${shopId}`] = [message];
  }
  for (const [shopId, points] of Object.entries(body.reward_points)) {
    if (points > 0 && !inCart.has(shopId)) errors[`reward_points.${shopId}`] = [message];
  }
  if (Object.keys(errors).length > 0) throw refuse(message, errors, 'validation_failed');
}

/**
 * Places a checkout in one transaction: claims coupons, takes stock (catalog read model
 * included), creates one invoice with one order per shop, spends reward points and queues the
 * customer's confirmation and each shop's notice (cart + catalog + orders + mail).
 */
export async function placeOrder(
  ctx: PlaceOrderContext,
  customer: Customer,
  body: PlaceOrderInput,
  idempotencyKey: string | null,
): Promise<PlaceOrderPayload> {
  if (body.items.length === 0) throw refuse('Your cart is empty.', { items: ['Your cart is empty.'] }, 'empty_cart');
  const hash = requestHash(body);
  const replay = async (): Promise<PlaceOrderPayload | null> => {
    if (!idempotencyKey) return null;
    const earlier = await findInvoiceByIdempotencyKey(ctx.db, customer.id, idempotencyKey);
    if (!earlier) return null;
    if (earlier.requestHash !== hash) {
      const message = 'This Idempotency-Key was already used for another checkout.';
      throw refuse(message, { 'Idempotency-Key': [message] }, 'idempotency_key_reused');
    }
    return placeOrderReply(ctx.db, earlier.id);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const now = ctx.now?.() ?? new Date();
  const settings = await getSiteSettings(ctx.db);
  if (body.payment_method === 'card' && effectiveSiteSettings(settings, ctx.stripe).enable_stripe_payment !== 'true') {
    const message = 'Card payment is not available; please pay by cash.';
    throw refuse(message, { payment_method: [message] }, 'payment_unavailable');
  }
  const parts = await priceCart(ctx.db, body);
  refuseShopsNotInCart(body, parts);
  // Nothing to collect or deliver: a cart of digital items only needs no collection point or
  // address (spec section 4: closing the location popup makes such a cart's order type delivery,
  // and the popup opens only for a non-digital item). Geocoding may call postcodes.io: done
  // before the transaction, which then holds no lock while waiting.
  const physical = parts.some((part) => part.lines.some((line) => line.variation.type !== 'Digital'));
  const destination = physical
    ? await resolveDestination(ctx, customer, body, settings)
    : { collectionPoint: null, address: null };

  let outcome: { reply: PlaceOrderPayload; mailIds: number[] } | 'replay';
  const attempt = () =>
    ctx.db.transaction(async (tx) => {
      if (idempotencyKey) {
        // Concurrent retries with one key queue here; the first commits, the rest find its invoice.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`place-order:${customer.id}:${idempotencyKey}`}))`,
        );
        if (await findInvoiceByIdempotencyKey(tx, customer.id, idempotencyKey)) return 'replay' as const;
      }
      return placeInTransaction(tx, ctx, {
        customer,
        body,
        parts,
        destination,
        now,
        idempotencyKey,
        hash,
        defaultCommissionRate: commissionRateSetting(settings.commission_rate),
      });
    });
  try {
    // Stock rows are locked in variation-id order, coupons and points in shop-id order, but the
    // read model's product rows in the order PostgreSQL groups them: two checkouts of different
    // variations of the same two products may deadlock, and PostgreSQL rolls one back.
    outcome = await retryingDeadlocks(attempt);
  } catch (error) {
    // The unique index is the last word on one key, one invoice: the loser answers the winner's reply.
    if (idempotencyKey && isUniqueViolation(error, INVOICE_IDEMPOTENCY_INDEX)) outcome = 'replay';
    else throw error;
  }
  if (outcome === 'replay') {
    const winner = await replay();
    if (!winner) throw new Error('the idempotent checkout vanished');
    return winner;
  }
  ctx.deliverMail(outcome.mailIds);
  ctx.onPlaced?.(outcome.reply);
  return outcome.reply;
}

async function placeInTransaction(
  tx: Tx,
  ctx: PlaceOrderContext,
  input: {
    customer: Customer;
    body: PlaceOrderInput;
    parts: ShopPart[];
    destination: { collectionPoint: string | null; address: OrderAddress | null };
    now: Date;
    idempotencyKey: string | null;
    hash: string;
    /** The setting `commission_rate`, for shops without a rate of their own. */
    defaultCommissionRate: number;
  },
): Promise<{ reply: PlaceOrderPayload; mailIds: number[] }> {
  const { customer, body, parts, now } = input;
  // Lock order, the same as order cancellation: coupons (by shop id), then stock, then points.
  const byShopId = [...parts].sort((a, b) => a.shop.id - b.shop.id);
  const claimed = new Map<number, ClaimedCoupon>();
  // A platform code may be applied to several shops' lines: each order is one use.
  const usesInThisCheckout = new Map<number, number>();
  for (const part of byShopId) {
    const code = body.coupons[String(part.shop.id)];
    if (!code) continue;
    const lines: CouponLine[] = part.lines.map((l) => ({
      productId: l.variation.productId,
      categoryId: l.variation.categoryId,
      subCategoryId: l.variation.subCategoryId,
      price: l.variation.price,
      quantity: l.quantity,
    }));
    claimed.set(
      part.shop.id,
      await claimCoupon(tx, { shopId: part.shop.id, code, userId: customer.id, lines, now, usesInThisCheckout }),
    );
  }

  // The figures by core's totals rule, the one the storefront's cart shows (cartTotals).
  const totals = orderTotals(
    parts.map((part) => ({
      subtotal: part.subtotal,
      couponDiscount: claimed.get(part.shop.id)?.discount ?? 0,
      rewardPoints: body.reward_points[String(part.shop.id)] ?? 0,
      physical: part.lines.some((l) => l.variation.type !== 'Digital'),
    })),
    body.order_type,
  );
  const figures = parts.map((part, i) => ({ part, ...totals.shops[i]! }));
  if (body.payment_method === 'card' && totals.sum.total < CARD_MINIMUM_PENCE) {
    // Stripe takes no smaller charge: a card checkout for less could never be paid.
    const message = `Card payments start at ${formatMoney(CARD_MINIMUM_PENCE)}; please pay by cash.`;
    throw refuse(message, { payment_method: [message] }, 'payment_unavailable');
  }

  const created = await createCheckout(
    tx,
    {
      userId: customer.id,
      orderType: body.order_type,
      collectionPoint: input.destination.collectionPoint,
      address: input.destination.address,
      subtotal: totals.sum.subtotal,
      discount: totals.sum.discount,
      rewardDiscount: totals.sum.rewardPointsDiscount,
      shippingCharge: totals.sum.shippingCharge,
      total: totals.sum.total,
      paymentMethod: body.payment_method,
      paymentDueAt:
        body.payment_method === 'card' ? new Date(now.getTime() + ctx.cardPaymentTimeoutMinutes * 60_000) : null,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.idempotencyKey ? input.hash : null,
      // A note of only spaces is no note: the shop sees none rather than an empty box.
      note: body.note ? body.note : null,
      now,
    },
    figures.map((f) => {
      // A platform coupon's discount is the platform's to pay, not the shop's (decision 026).
      const platformDiscount = claimed.get(f.part.shop.id)?.fundedBy === 'platform' ? f.discount : 0;
      // Fixed now, at the shop's rate now: a later rate change applies to new orders only (decision 028).
      const commission = commissionFor(f, f.part.shop.commissionRate ?? input.defaultCommissionRate);
      const lineCoupon = claimed.get(f.part.shop.id)?.lineDiscounts ?? [];
      const vat = lineVat(
        f.part.lines.map((l, index) => ({
          total: l.variation.price * l.quantity,
          vatRate: l.variation.vatRate,
          // A shop-funded coupon lowers only the lines it covers, each by its own part.
          couponDiscount: platformDiscount === 0 ? (lineCoupon[index] ?? 0) : 0,
        })),
        {
          shopFundedDiscount: f.discount - platformDiscount + f.rewardPointsDiscount,
          shippingCharge: f.shippingCharge,
        },
      );
      return {
        shopId: f.part.shop.id,
        subtotal: f.subtotal,
        discount: f.discount,
        rewardDiscount: f.rewardPointsDiscount,
        // A point is a penny off (core's POINTS_TO_PENCE is 1): the points spent are the pence taken off.
        rewardPointsUsed: f.rewardPointsDiscount,
        shippingCharge: f.shippingCharge,
        total: f.total,
        couponCode: claimed.get(f.part.shop.id)?.code ?? null,
        platformDiscount,
        commission,
        vendorNet: f.total - commission,
        vatNumber: f.part.shop.vatNumber,
        lines: f.part.lines.map((l, index) => ({
          variationId: l.variation.id,
          productId: l.variation.productId,
          fullName: l.variation.fullName,
          type: l.variation.type,
          price: l.variation.price,
          quantity: l.quantity,
          // The line's part of the shop's coupon discount (none when the coupon does not cover it).
          discount: lineCoupon[index] ?? 0,
          total: l.variation.price * l.quantity,
          thumbnail: l.variation.thumbnail,
          vatRate: l.variation.vatRate,
          vat: vat[index]!.vat,
        })),
      };
    }),
  );
  const orderIds = new Map(figures.map((f, i) => [f.part.shop.id, created.ids[i]!]));
  for (const f of figures) {
    const coupon = claimed.get(f.part.shop.id);
    if (coupon) {
      await recordCouponRedemption(tx, {
        couponId: coupon.id,
        userId: customer.id,
        orderId: orderIds.get(f.part.shop.id)!,
        discount: f.discount,
      });
    }
  }
  const reply = checkoutReply(
    created.invoice,
    created,
    new Map(parts.map(({ shop }) => [shop.id, { id: shop.id, name: shop.name, slug: shop.slug }])),
  );
  const mails = [
    confirmationMail(ctx.publicUrl, customer, reply),
    ...reply.orders.map((order) => {
      const shop = parts.find((p) => p.shop.id === order.shop.id)?.shop;
      return shop ? shopNoticeMail(shop, order) : null;
    }),
  ].filter((mail): mail is OutgoingMail => mail !== null);
  const mailIds = await enqueueMails(tx, mails);

  // Stock and points last: their rows are the ones concurrent checkouts of the same goods wait
  // for, so they are locked for as short a time as possible, just before the commit. A sale
  // refused for stock rolls back everything above (an invoice number is skipped, nothing else).
  await recordSale(
    tx,
    parts.flatMap((part) =>
      part.lines.map((l) => ({ variationId: l.variation.id, quantity: l.quantity, field: `items.${l.index}` })),
    ),
  );
  for (const f of [...figures].sort((a, b) => a.part.shop.id - b.part.shop.id)) {
    await spendRewardPoints(tx, {
      userId: customer.id,
      shopId: f.part.shop.id,
      points: f.rewardPointsDiscount,
      orderId: orderIds.get(f.part.shop.id)!,
    });
  }
  return { reply, mailIds };
}
