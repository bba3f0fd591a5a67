/**
 * Wire shapes of the merchant calls under `/api/vendor/` (api-contract.md, "Merchant and admin
 * API"): the shared list query, products and variations, coupons, the shop profile, the
 * dashboard and the vendor's view of an order. Every call acts on the caller's own shop, taken
 * from the token on the server: no input here carries a shop id, and unknown keys are dropped
 * by zod before a handler sees them (a vendor cannot set `shop_id`, `role` or totals).
 * Vendor writes (`PUT`) update only the fields sent, so every update schema is all-optional.
 * Money is integer pence.
 */
import { z } from 'zod';
import { imageRefSchema, pageQuerySchema, refSchema, slugSchema, wholeNumber } from './catalog-schemas';
import { couponTypeSchema, orderStatusSchema, paymentStatusSchema, productTypeSchema } from './enums';
import { idSchema } from './ids';
import { orderAddressSchema, orderHistoryEntrySchema, orderSchema } from './order-schemas';
import { orderRefundSchema } from './refund-schemas';
import { optionalSafeLinkSchema, optionalUploadPathSchema, uploadPathSchema } from './safe-links';
import { shopSlideItemSchema } from './shop-schemas';
import { vatNumberInputSchema, vatRateSchema } from './vat';

// ---- Lists ---------------------------------------------------------------------------------

/** Every merchant and admin list: default and largest page sizes. */
export const MANAGE_PER_PAGE = 20;
export const MANAGE_MAX_PER_PAGE = 100;

/**
 * The query of a merchant or admin list: `page`, `per_page` (1-100), `search` and `sort`, where
 * `sort` is one of the list's keys, descending when it starts with `-` (`-created_at`, `price`).
 * Without `sort` a list is newest first (creation, then id, descending).
 */
export function manageListQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  const sorts = [...sortKeys, ...sortKeys.map((key) => `-${key}`)] as [string, ...string[]];
  return z.object({
    page: pageQuerySchema.optional(),
    per_page: wholeNumber(1, MANAGE_MAX_PER_PAGE).optional(),
    search: z.string().trim().max(100).optional(),
    sort: z
      .enum(sorts, { error: `Must be one of: ${sorts.join(', ')}.` })
      .optional()
      .transform((value) => value as `${K[number]}` | `-${K[number]}` | undefined),
  });
}
export type ManageListQuery = z.input<ReturnType<typeof manageListQuerySchema>>;

/** A sort value split into its key and direction (`-price` -> price, descending). */
export function parseSort<K extends string>(sort: K | `-${K}` | undefined): { key: K; desc: boolean } | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { key: sort.slice(1) as K, desc: true } : { key: sort as K, desc: false };
}

/** A merchant or admin list query as the API's services take it, its defaults filled in. */
export interface ManageListArgs<K extends string> {
  page: number;
  perPage: number;
  /** Undefined for no search (an empty one too). */
  search: string | undefined;
  sort: { key: K; desc: boolean } | undefined;
}

/**
 * The defaults of every merchant and admin list, written once: page 1, MANAGE_PER_PAGE rows, an
 * empty search meaning none, and the sort split into key and direction (parseSort).
 */
export function manageListArgs<K extends string>(query: {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: K | `-${K}`;
}): ManageListArgs<K> {
  return {
    page: query.page ?? 1,
    perPage: query.per_page ?? MANAGE_PER_PAGE,
    search: query.search || undefined,
    sort: parseSort(query.sort),
  };
}

// ---- Shared field rules --------------------------------------------------------------------

const MAX_PRICE = 100_000_000;
const MAX_STOCK = 1_000_000;
/** An amount in pence, 0 to £1,000,000 (a coupon's minimum spend, a compare-at price). */
export const pricePenceSchema = z.number().int('Must be whole pence.').min(0).max(MAX_PRICE);
/**
 * What a variation sells for: at least 1p (contract: "Prices"). Nothing is ever clamped: a
 * price of 0 or below is refused with this message under `price`, never saved as free.
 */
export const sellingPriceSchema = z
  .number('Enter the price in pence, a whole number (120 for £1.20).')
  .int('Must be whole pence.')
  .min(1, 'A price must be at least £0.01.')
  .max(MAX_PRICE, 'A price must be at most £1,000,000.');
/** Stock: a whole number from 0, or null for unlimited (digital goods). */
export const stockSchema = z.number().int().min(0, 'Stock cannot be negative.').max(MAX_STOCK).nullable();
const requiredText = (max: number) => z.string().trim().min(1, 'This field is required.').max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable();
/** A boolean in a query string ("true"/"false", "1"/"0"). */
export const queryBooleanSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// ---- Products and variations ---------------------------------------------------------------

/** A variation as the merchant sees it: everything, active or not. */
export const vendorVariationSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_name: z.string(),
  sku: z.string().nullable(),
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  /** The VAT rate (0, 5 or 20 %) the price includes; a new variation takes its category's unless told. */
  vat_rate: z.number().int(),
  /** null = unlimited. */
  stock: z.number().int().nullable(),
  is_active: z.boolean(),
  position: z.number().int(),
  units_sold: z.number().int(),
  images: z.array(imageRefSchema),
  /** Whether a digital file is attached (the file itself is never on the wire). */
  has_digital_file: z.boolean(),
  /**
   * The attached file as its merchant uploaded it: the original name and its size in bytes
   * (null for a file attached before sizes were kept). null when there is none.
   */
  digital_file: z.object({ name: z.string(), size: z.number().int().nullable() }).nullable(),
});
export type VendorVariation = z.infer<typeof vendorVariationSchema>;

/** A product with all its variations. `listed` says whether the storefront shows it now. */
export const vendorProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: productTypeSchema,
  description: z.string().nullable(),
  category: refSchema.nullable(),
  sub_category: refSchema.nullable(),
  brand: refSchema.nullable(),
  is_active: z.boolean(),
  listed: z.boolean(),
  thumbnail: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  variations: z.array(vendorVariationSchema),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

/** GET vendor/products: sort keys. */
export const vendorProductSortKeys = ['created_at', 'name', 'price', 'stock', 'units_sold'] as const;
/** GET vendor/products?page&per_page&search&sort&status. */
export const vendorProductListQuerySchema = manageListQuerySchema(vendorProductSortKeys).extend({
  /** published = active products, draft = unpublished ones. */
  status: z.enum(['published', 'draft']).optional(),
});
export type VendorProductListQuery = z.input<typeof vendorProductListQuerySchema>;

const variationFields = {
  name: requiredText(120),
  slug: slugSchema.optional(),
  sku: optionalText(64).optional(),
  price: sellingPriceSchema,
  compare_at_price: pricePenceSchema.nullable().optional(),
  /** On create, the product's category's rate when not sent (20 for a product without a category). */
  vat_rate: vatRateSchema.optional(),
  stock: stockSchema.optional(),
  is_active: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
};

/** POST vendor/products/{id}/variations (and each variation of a new product). */
export const vendorVariationCreateSchema = z.object(variationFields);
export type VendorVariationCreate = z.input<typeof vendorVariationCreateSchema>;

/**
 * PUT vendor/variations/{id}: only the fields sent. `images` reorders or drops the variation's
 * existing pictures (URLs it already has); new pictures come through the images upload.
 */
export const vendorVariationUpdateSchema = z
  .object({ ...variationFields, images: z.array(z.string().max(500)).max(20).optional() })
  .partial();
export type VendorVariationUpdate = z.input<typeof vendorVariationUpdateSchema>;

const productFields = {
  name: requiredText(160),
  slug: slugSchema.optional(),
  type: productTypeSchema.optional(),
  description: optionalText(20_000).optional(),
  category_id: idSchema.nullable().optional(),
  sub_category_id: idSchema.nullable().optional(),
  brand_id: idSchema.nullable().optional(),
  is_active: z.boolean().optional(),
};

/** POST vendor/products: a product with its first variations (at least one to be listed). */
export const vendorProductCreateSchema = z.object({
  ...productFields,
  variations: z.array(vendorVariationCreateSchema).max(100).optional(),
});
export type VendorProductCreate = z.input<typeof vendorProductCreateSchema>;

/** PUT vendor/products/{id}: only the fields sent; variations have their own calls. */
export const vendorProductUpdateSchema = z.object(productFields).partial();
export type VendorProductUpdate = z.input<typeof vendorProductUpdateSchema>;

/** GET/PUT/POST vendor/products/{id}: `{ product }`. */
export const vendorProductPayloadSchema = z.object({ product: vendorProductSchema });
export type VendorProductPayload = z.infer<typeof vendorProductPayloadSchema>;

/** POST vendor/products/{id}/variations, PUT vendor/variations/{id}: `{ variation }`. */
export const vendorVariationPayloadSchema = z.object({ variation: vendorVariationSchema });
export type VendorVariationPayload = z.infer<typeof vendorVariationPayloadSchema>;

/** POST vendor/products/{id}/images (multipart, field `images`, optional `variation_id`): the variation's pictures after the upload. */
export const vendorImagesPayloadSchema = z.object({
  images: z.array(z.object({ id: z.number().int(), url: z.string() })),
});
export type VendorImagesPayload = z.infer<typeof vendorImagesPayloadSchema>;

/**
 * POST vendor/variations/{id}/digital-file (multipart, one file in the field `file`) and DELETE
 * of the same path answer `{ variation }` (vendorVariationPayloadSchema) with its `digital_file`.
 * Only a digital product's variations take a file.
 */
export const DIGITAL_FILE_FIELD = 'file';

/** POST vendor/products/bulk-stock: several variations' stock in one go (all or nothing). */
export const vendorBulkStockSchema = z.object({
  items: z
    .array(z.object({ variation_id: idSchema, stock: stockSchema }))
    .min(1, 'Send at least one variation.')
    .max(500),
});
export type VendorBulkStock = z.input<typeof vendorBulkStockSchema>;
export const vendorBulkStockPayloadSchema = z.object({ variations: z.array(vendorVariationSchema) });
export type VendorBulkStockPayload = z.infer<typeof vendorBulkStockPayloadSchema>;

// ---- Coupons -------------------------------------------------------------------------------

export const vendorCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: couponTypeSchema,
  /** Whole percent (1-100) for percent coupons, pence for fixed ones. */
  value: z.number().int(),
  min_spend: z.number().int(),
  /** Products the coupon applies to; empty = the whole shop. */
  product_ids: z.array(z.number().int()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_user_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  created_at: z.string(),
});
export type VendorCoupon = z.infer<typeof vendorCouponSchema>;

export const vendorCouponSortKeys = ['created_at', 'code', 'used_count', 'ends_at'] as const;
export const vendorCouponListQuerySchema = manageListQuerySchema(vendorCouponSortKeys);
export type VendorCouponListQuery = z.input<typeof vendorCouponListQuerySchema>;

/** The fields of a coupon as its owner writes it (a shop here, the platform in admin-schemas.ts). */
export const couponFields = {
  code: z
    .string()
    .trim()
    .min(3, 'At least 3 characters.')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, hyphens and underscores only.')
    .transform((code) => code.toUpperCase()),
  type: couponTypeSchema,
  value: z.number().int().min(1, 'Must be at least 1.').max(MAX_PRICE),
  min_spend: pricePenceSchema.optional(),
  product_ids: z.array(idSchema).max(500).optional(),
  starts_at: z.iso.datetime({ offset: true }).nullable().optional(),
  ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
  usage_limit: z.number().int().min(1).max(MAX_STOCK).nullable().optional(),
  per_user_limit: z.number().int().min(1).max(MAX_STOCK).nullable().optional(),
};

/** The rules across fields; the API checks them again on the merged row of an update. */
export function checkCouponRules(
  coupon: { type?: string; value?: number; starts_at?: string | null; ends_at?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (coupon.type === 'percent' && coupon.value !== undefined && coupon.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent coupon is at most 100.' });
  }
  if (coupon.starts_at && coupon.ends_at && Date.parse(coupon.ends_at) <= Date.parse(coupon.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  }
}

/** POST vendor/coupons. */
export const vendorCouponCreateSchema = z.object(couponFields).superRefine(checkCouponRules);
export type VendorCouponCreate = z.input<typeof vendorCouponCreateSchema>;
/** PUT vendor/coupons/{id}: only the fields sent. */
export const vendorCouponUpdateSchema = z.object(couponFields).partial().superRefine(checkCouponRules);
export type VendorCouponUpdate = z.input<typeof vendorCouponUpdateSchema>;
export const vendorCouponPayloadSchema = z.object({ coupon: vendorCouponSchema });
export type VendorCouponPayload = z.infer<typeof vendorCouponPayloadSchema>;

// ---- Shop profile --------------------------------------------------------------------------

/** GET/PUT vendor/shop: the caller's shop as its merchant edits it. */
export const vendorShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  banner: imageRefSchema.nullable(),
  slides: z.array(shopSlideItemSchema),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  opening_hours: z.string().nullable(),
  /** Reward points per whole pound of a delivered order. */
  points_per_pound: z.number().int(),
  /** While on, the shop takes no new orders and the storefront shows `holiday_message`. */
  holiday_mode: z.boolean(),
  holiday_message: z.string().nullable(),
  /** The shop's UK VAT number ("GB999999973"); null when it is not VAT-registered. Its invoices show VAT only when set. */
  vat_number: z.string().nullable(),
  /** active, or suspended by the platform (then hidden from the storefront). */
  status: z.enum(['active', 'suspended']),
});
export type VendorShop = z.infer<typeof vendorShopSchema>;

/**
 * One slide of PUT vendor/shop. Its pictures are this site's uploads (the API also checks they
 * are the shop's own, or ones the shop already shows: 422 `image_invalid`), never an outside
 * address; its link is a path of this site or an https address (safe-links.ts).
 */
export const vendorShopSlideInputSchema = z.object({
  title: z.string().trim().max(160),
  caption: z.string().trim().max(300),
  image: uploadPathSchema,
  mobile_image: optionalUploadPathSchema,
  action_link: optionalSafeLinkSchema.transform((link) => link || null),
  action_text: optionalText(60),
});
export type VendorShopSlideInput = z.input<typeof vendorShopSlideInputSchema>;

/**
 * PUT vendor/shop: only the fields sent. The name and slug are the platform's (they are in
 * every product card and link); logo and banner come through their uploads.
 */
export const vendorShopUpdateSchema = z
  .object({
    tagline: optionalText(160),
    description: optionalText(5000),
    slides: z.array(vendorShopSlideInputSchema).max(10),
    address: requiredText(200),
    city: requiredText(100),
    postcode: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/, 'Enter a valid UK postcode.')
      .transform((p) =>
        p
          .toUpperCase()
          .replace(/\s+/g, '')
          .replace(/^(.+)(\d[A-Z]{2})$/, '$1 $2'),
      ),
    phone: optionalText(20),
    email: z.email().max(254).nullable(),
    opening_hours: optionalText(1000),
    points_per_pound: z.number().int().min(0).max(100),
    holiday_mode: z.boolean(),
    holiday_message: optionalText(500),
    /** Normalised ("GB999 9999 73" is kept as "GB999999973"); empty or null = not VAT-registered. New orders copy it. */
    vat_number: vatNumberInputSchema,
  })
  .partial();
export type VendorShopUpdate = z.input<typeof vendorShopUpdateSchema>;
export const vendorShopPayloadSchema = z.object({ shop: vendorShopSchema });
export type VendorShopPayload = z.infer<typeof vendorShopPayloadSchema>;

// ---- Dashboard -----------------------------------------------------------------------------

/** GET vendor/dashboard: today (London day), waiting orders, low stock and 30 days of sales. */
export const vendorDashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  /** Orders still to act on (pending or processing). */
  waiting_orders: z.number().int(),
  low_stock: z.array(z.object({ variation_id: z.number().int(), full_name: z.string(), stock: z.number().int() })),
  /** One entry per day, oldest first, days without orders included. */
  sales_30d: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() })),
});
export type VendorDashboard = z.infer<typeof vendorDashboardSchema>;

/** Stock at or below this counts as low on the dashboard. */
export const LOW_STOCK_THRESHOLD = 5;

// ---- Orders --------------------------------------------------------------------------------

/**
 * An order of the caller's shop, with the customer's contact and what the shop needs to hand it
 * over, exactly as on the invoice (contract: "Fulfilment"): the delivery address (null for a
 * collection), the collection point (null for a delivery) and the shopper's note.
 */
export const vendorOrderSchema = orderSchema.extend({
  /**
   * Fixed when the order was placed (contract: "Money"): commission = round_half_up(rate x
   * (subtotal - discount)) at the shop's rate then, vendor_net = total - commission. A
   * platform-paid discount (`platform_discount`) is paid to the shop on top (decision 028).
   */
  commission: z.number().int(),
  vendor_net: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  address: orderAddressSchema.nullable(),
  collection_point: z.string().nullable(),
  note: z.string().nullable(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

/** GET vendor/orders?status&search&date_from&date_to&page&per_page&sort; search matches the invoice number and the customer. */
export const vendorOrderListQuerySchema = manageListQuerySchema(['created_at', 'total'] as const).extend({
  status: orderStatusSchema.optional(),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
});
export type VendorOrderListQuery = z.input<typeof vendorOrderListQuerySchema>;

/** GET vendor/orders/{id} and every order change: `{ order }` with its history. */
export const vendorOrderPayloadSchema = z.object({
  order: vendorOrderSchema.extend({ history: z.array(orderHistoryEntrySchema) }),
  /** The order's refunds, oldest first (docs/decisions/030): a return's owed in cash shows the shop what it must pay back. */
  refunds: z.array(orderRefundSchema).optional(),
});
export type VendorOrderPayload = z.infer<typeof vendorOrderPayloadSchema>;

/** PATCH vendor/orders/{id}/status: only the contract's transitions (order-status.ts). */
export const vendorOrderStatusBodySchema = z.object({
  status: orderStatusSchema,
  note: z.string().trim().max(500).optional(),
});
export type VendorOrderStatusBody = z.input<typeof vendorOrderStatusBodySchema>;

// ---- Live orders (contract: "Live orders") -------------------------------------------------

/** `order.created`: a new order of the shop, as its board lists it. */
export const orderCreatedEventSchema = z.object({
  order_id: z.number().int(),
  invoice_number: z.string(),
  status: orderStatusSchema,
  total: z.number().int(),
  created_at: z.string(),
});
/** `order.updated`: an order of the shop changed status or payment. */
export const orderUpdatedEventSchema = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
});
export type OrderCreatedEvent = z.infer<typeof orderCreatedEventSchema>;
export type OrderUpdatedEvent = z.infer<typeof orderUpdatedEventSchema>;
export type LiveOrderEvent =
  | { kind: 'order.created'; data: OrderCreatedEvent }
  | { kind: 'order.updated'; data: OrderUpdatedEvent };

/** GET vendor/orders/events: `Last-Event-ID`, the id of the last event the board saw. */
export const liveOrdersHeadersSchema = z.object({
  'last-event-id': z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

// ---- The platform's orders (contract: "Platform orders") ----------------------------------

/**
 * GET admin/orders: every shop's orders, with the merchant list's filters and a shop and a payment
 * status. `shop` is the shop's id or its slug (the storefront's filters take slugs; the admin site
 * sends the id).
 */
export const adminOrderListQuerySchema = vendorOrderListQuerySchema.extend({
  shop: z
    .union([idSchema, slugSchema])
    .optional()
    .meta({ description: "The shop's id, or its slug. An unknown shop matches no order." }),
  payment_status: paymentStatusSchema.optional(),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** GET admin/dashboard: the marketplace's orders and sales (cancelled orders left out), London days. */
export const adminDashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), sales: z.number().int() }),
  last_30_days: z.object({
    orders: z.number().int(),
    sales: z.number().int(),
    /** Sales / orders, rounded to the penny; 0 without orders. */
    average_order_value: z.number().int(),
  }),
  /** The shops with the most sales over the last 30 days, at most five. */
  top_shops: z.array(z.object({ shop: refSchema, orders: z.number().int(), sales: z.number().int() })),
  /** One entry per day, oldest first, days without orders included. */
  sales_30d: z.array(z.object({ date: z.string(), orders: z.number().int(), sales: z.number().int() })),
  /** The storefront's address as links and QR codes carry it (PUBLIC_URL): the dashboard warns when phones cannot reach it. */
  public_url: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
