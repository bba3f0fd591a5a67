import {
  REWARD_HISTORY_PER_PAGE,
  rewardBalancesSchema,
  rewardHistoryEntrySchema,
  rewardHistoryQuerySchema,
  storeValidateCouponSchema,
  validateCouponResultSchema,
} from '@parade/core/cart-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { getSession, requireUser } from '../../plugins/auth';
import { validateCoupon } from './coupons.service';
import { listRewardBalances, listRewardHistory } from './rewards.service';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/order/validate-coupon',
    {
      // Open to guests: the limit keeps anyone from trying code after code.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['cart'],
        summary:
          "Check a shop's coupon (or a platform coupon) against the cart lines of that shop; the discount is computed from our prices",
        description:
          'A refusal names `code` in `errors`: 409 coupon_used_up (as place-order answers it), else 422 with the ' +
          'failure code coupon_not_found, coupon_expired, coupon_user_limit_reached, coupon_not_applicable or coupon_min_spend. ' +
          '`product_ids` is empty when the coupon covers every line of the shop; for a coupon limited to some products, ' +
          'categories or sub-categories it lists the products it names and the products of the given lines it covers. ' +
          'A download asked for more than once (a quantity above 1, or on two lines) is refused as checkout refuses it: ' +
          '422 validation_failed naming `items.<index>`.',
        body: storeValidateCouponSchema,
        response: { 200: successEnvelope(validateCouponResultSchema), ...failureResponses },
      },
    },
    async (request) => {
      // Guests may check a coupon in the cart; a signed-in shopper's own usage limit is checked too.
      const session = await getSession(request);
      const { shop_id, code, items } = request.body;
      const coupon = await validateCoupon(app.db, { shopId: shop_id, code, items, userId: session?.user.id ?? null });
      return ok({
        coupon: {
          code: coupon.code,
          shop_id: coupon.shop_id,
          discount: coupon.discount,
          product_ids: coupon.product_ids,
          funded_by: coupon.funded_by,
        },
      });
    },
  );

  app.get(
    '/user/reward-points',
    {
      schema: {
        tags: ['cart'],
        summary: "The signed-in customer's reward points per shop",
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(rewardBalancesSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok({ balances: await listRewardBalances(app.db, user.id) });
    },
  );

  app.get(
    '/user/reward-points/history',
    {
      schema: {
        tags: ['cart'],
        summary: "The signed-in customer's reward point ledger, newest first",
        description: [
          `Paged (${REWARD_HISTORY_PER_PAGE} a page). \`shop\` (a shop id, as the balances' \`shop_id\`) keeps one shop's`,
          'entries; a shop with none answers an empty page. `points` is signed: + earned (order_delivered, offer_claim) or',
          'given back (order_cancelled), - spent (checkout); `adjustment` either way. `order_id` / `claim_id` name what',
          "the entry is about, else null. Only the caller's entries are ever listed.",
        ].join(' '),
        security: [{ bearer: [] }],
        querystring: rewardHistoryQuerySchema,
        response: { 200: successEnvelope(paginated(rewardHistoryEntrySchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await listRewardHistory(app.db, user.id, { shop: request.query.shop, page: request.query.page }));
    },
  );
};
