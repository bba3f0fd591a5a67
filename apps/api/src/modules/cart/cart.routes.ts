import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { idSchema } from '../../lib/schemas';
import { getSession, requireUser } from '../../plugins/auth';
import { validateCoupon } from './coupons.service';
import { listRewardBalances } from './rewards.service';

const StoreValidateCoupon = z.object({
  shop_id: idSchema,
  code: z.string().trim().min(1, 'Enter a coupon code.').max(40),
  items: z
    .array(
      z.object({
        variation_id: idSchema,
        quantity: z.coerce.number().int().min(1).max(9999),
      }),
    )
    .min(1, 'The cart has no items for this shop.')
    .max(200),
});

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/order/validate-coupon',
    {
      // Open to guests: the limit keeps anyone from trying code after code.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['cart'],
        summary: "Check a shop's coupon against the cart lines of that shop; the discount is computed from our prices",
        body: StoreValidateCoupon,
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
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok({ balances: await listRewardBalances(app.db, user.id) });
    },
  );
};
