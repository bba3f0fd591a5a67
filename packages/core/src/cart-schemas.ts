/**
 * Wire shapes of the cart: the cart line as the storefront keeps it, cart lines as requests send
 * them, the coupon check and its result, reward point balances and their ledger.
 */
import { z } from 'zod';
import { refSchema, slugSchema } from './catalog-schemas';
import { lineQuantitySchema, MAX_LINES_PER_REQUEST, productTypeSchema, rewardReasonSchema } from './enums';
import { idSchema } from './ids';

export const cartShopSchema = refSchema;
export type CartShop = z.infer<typeof cartShopSchema>;

/** A cart line is a product variation plus a quantity (spec section 3, "Cart item"). */
export const cartItemSchema = z.object({
  /** The variation id. */
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_name: z.string(),
  /** Unit price in pence, as last seen in the catalogue. */
  price: z.number().int(),
  thumbnail: z.string().nullable(),
  images: z.array(z.object({ url: z.string() })),
  quantity: z.number().int(),
  product: z.object({
    id: z.number().int(),
    slug: z.string(),
    type: productTypeSchema,
    shop_id: z.number().int(),
    shop: cartShopSchema.nullable(),
  }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** A line of a request: which variation, how many (1 to 9999). */
export const cartLineInputSchema = z.object({
  variation_id: idSchema,
  quantity: lineQuantitySchema,
});
export type CartLineInput = z.input<typeof cartLineInputSchema>;

/** POST /user/order/validate-coupon: a shop's coupon against that shop's cart lines. */
export const storeValidateCouponSchema = z.object({
  shop_id: idSchema,
  code: z.string().trim().min(1, 'Enter a coupon code.').max(40),
  items: z.array(cartLineInputSchema).min(1, 'The cart has no items for this shop.').max(MAX_LINES_PER_REQUEST),
});
export type StoreValidateCoupon = z.input<typeof storeValidateCouponSchema>;

/** Who pays a coupon's discount: the shop (its own coupon) or the platform (a platform coupon, decision 026). */
export const couponFundingSchema = z.enum(['shop', 'platform']);
export type CouponFunding = z.infer<typeof couponFundingSchema>;

/**
 * A coupon applied to a shop's lines; the discount (pence) is the server's, for the lines it was
 * checked on. A code may be the shop's own coupon or a platform coupon (the shop's wins when
 * both exist); `funded_by` says which. `product_ids` are the products the coupon names, when it
 * names products (a platform coupon may name categories instead: then it is empty).
 */
export const shopCouponSchema = z.object({
  code: z.string(),
  shop_id: z.number().int(),
  discount: z.number().int(),
  product_ids: z.array(z.number().int()),
  /** Always sent by the API; absent only in carts saved in the browser before it existed. */
  funded_by: couponFundingSchema.optional(),
});
export type ShopCoupon = z.infer<typeof shopCouponSchema>;

/** The validate-coupon payload. */
export const validateCouponResultSchema = z.object({ coupon: shopCouponSchema });
export type ValidateCouponResult = z.infer<typeof validateCouponResultSchema>;

/** A customer's reward points at one shop ("vendorRewardPoints"). */
export const rewardBalanceSchema = z.object({
  shop_id: z.number().int(),
  shop: refSchema,
  points: z.number().int(),
});
export type RewardBalance = z.infer<typeof rewardBalanceSchema>;

/** GET /user/reward-points. */
export const rewardBalancesSchema = z.object({ balances: z.array(rewardBalanceSchema) });
export type RewardBalances = z.infer<typeof rewardBalancesSchema>;

/** Ledger entries per page of GET /user/reward-points/history. */
export const REWARD_HISTORY_PER_PAGE = 20;

/** GET /user/reward-points/history?shop&page: `shop` is a shop id (the balances' `shop_id`). */
export const rewardHistoryQuerySchema = z.object({
  /** The shop's id, or its slug. */
  shop: z.union([idSchema, slugSchema.regex(/\D/, 'A shop id or slug.')]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type RewardHistoryQuery = z.input<typeof rewardHistoryQuerySchema>;

/**
 * One change to a balance: `points` is signed (+ earned or given back, - spent); `order_id` for
 * checkout, order_delivered and order_cancelled, `claim_id` for offer_claim, else null.
 */
export const rewardHistoryEntrySchema = z.object({
  id: z.number().int(),
  shop: refSchema,
  points: z.number().int(),
  reason: rewardReasonSchema,
  order_id: z.number().int().nullable(),
  claim_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type RewardHistoryEntry = z.infer<typeof rewardHistoryEntrySchema>;
