/**
 * The enumerated values of enums.ts without their zod enums: the `as const` lists, their types
 * and the line quantity limits. The storefront's first load imports these (the cart, the sort
 * options) without zod, which it loads later with the reply schemas (decision 039); everything
 * else imports enums.ts, which re-exports them.
 */

/** Catalogue: a product is physical or digital (digital has unlimited stock). */
export const productTypes = ['Physical', 'Digital'] as const;
export type ProductType = (typeof productTypes)[number];

export const userRoles = ['customer', 'vendor', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const sliderTypes = ['home_page_slide', 'deals_slides', 'home_banner'] as const;
export type SliderType = (typeof sliderTypes)[number];

/** Collection is the default (spec section 9). */
export const orderTypes = ['collection', 'delivery'] as const;
export type OrderType = (typeof orderTypes)[number];

/** pending -> processing -> ready|shipping -> delivered, or cancelled. */
export const orderStatuses = ['pending', 'processing', 'ready', 'shipping', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** `refunded`: all the money taken for it went back; `partially_refunded`: part of it (a return, or some orders of an invoice). */
export const paymentStatuses = ['unpaid', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentMethods = ['cash', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const ticketStatuses = ['open', 'resolved', 'close'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Who wrote a ticket message. */
export const ticketAuthors = ['customer', 'staff'] as const;
export type TicketAuthor = (typeof ticketAuthors)[number];

/**
 * What went wrong with an order (POST user/order-issue `type`); stored in `support_tickets.type`,
 * which is `general` for a ticket that is not an order issue (a text column, not a database enum).
 */
export const orderIssueTypes = ['missing', 'damaged', 'wrong_item', 'late', 'other'] as const;
export type OrderIssueType = (typeof orderIssueTypes)[number];

export const returnStatuses = ['pending', 'accepted', 'rejected'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const shopRequestStatuses = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type ShopRequestStatus = (typeof shopRequestStatuses)[number];

/** pending -> confirmed -> used, or cancelled, or expired. */
export const claimStatuses = ['pending', 'confirmed', 'used', 'cancelled', 'expired'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** Coupons and offers: `percent` (value a whole percent, 1-100) or `fixed` (value in pence). */
export const couponTypes = ['percent', 'fixed'] as const;
export type CouponType = (typeof couponTypes)[number];

/**
 * Why a reward points balance changed: the contract's list. The points a received return gives
 * back or takes back are an `adjustment` of its order (`order_id` set; decision 030).
 */
export const rewardReasons = ['order_delivered', 'checkout', 'order_cancelled', 'offer_claim', 'adjustment'] as const;
export type RewardReason = (typeof rewardReasons)[number];

/** A shop's public offers list filter (`status`); `all` is every offer, ended ones too. */
export const publicOfferStatuses = ['live', 'active', 'upcoming', 'ended', 'full', 'all'] as const;

/**
 * Product list sort keys (`sort_by`); `sort_high=1` means descending. `rating` with `sort_high=1`
 * is "Top rated": the highest average first, more reviews first among equals, unrated last.
 */
export const sortByValues = ['date', 'price', 'best_selling', 'rating'] as const;
export type SortBy = (typeof sortByValues)[number];

/** The mail outbox's delivery states; on the wire only in the platform's mail outbox (admin-schemas.ts). */
export const outboxStatuses = ['pending', 'sent', 'failed', 'logged'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Quantity limits of one cart or order line (the quantity stepper: min 0, max 9999, step 1; 0 removes). */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 9999;
/** Most lines one request may carry (a coupon check, a checkout). */
export const MAX_LINES_PER_REQUEST = 200;

/**
 * A shop's ledger entry kinds (contract: "Money"): a sale (on delivery), the platform's
 * commission, a refund, a payout to the shop, an adjustment by the admin with a reason.
 */
export const ledgerKinds = ['sale', 'commission', 'refund', 'payout', 'adjustment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];
