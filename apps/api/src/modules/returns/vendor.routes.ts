import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  vendorReturnAcceptBodySchema,
  vendorReturnListQuerySchema,
  vendorReturnPayloadSchema,
  vendorReturnRejectBodySchema,
  vendorReturnSchema,
} from '@parade/core/return-schemas';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { invalidField, notFound } from '../../lib/errors';
import { vendorShopId } from '../../plugins/role-guards';
import { acceptReturn, receiveReturn, rejectReturn } from '../../workflows/decide-return';
import { settleReturnCashRefund } from '../../workflows/refund-return';
import { withReturnRefunds } from '../payments';
import { findVendorReturn, listVendorReturns } from './returns.service';

const returnMissing = () => notFound('Return not found.', 'return_not_found');

/**
 * Returns on the merchant's own orders (`/api/vendor/returns`), the shop taken from the token
 * by the role guard: read, accept or reject with a note, and say the item came back (which
 * restores its stock). Another shop's return answers 404 `return_not_found`.
 */
export const returnsVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendor'];
  const security = [{ bearer: [] }];
  const returnReply = { 200: successEnvelope(vendorReturnPayloadSchema), ...failureResponses };

  const returnPayload = async (shopId: number, id: number) => {
    const found = await findVendorReturn(app.db, shopId, id);
    if (!found) throw returnMissing();
    const [withRefund] = await withReturnRefunds(app.db, [found]);
    return { return: withRefund ?? found };
  };

  app.get(
    '/vendor/returns',
    {
      schema: {
        tags,
        security,
        summary: "Returns on the shop's orders: filter by status; search by invoice, item or customer",
        querystring: vendorReturnListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorReturnSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      const page = await listVendorReturns(app.db, vendorShopId(request), { ...manageListArgs(request.query), status });
      return ok({ ...page, data: await withReturnRefunds(app.db, page.data) });
    },
  );

  app.get(
    '/vendor/returns/:id',
    {
      schema: {
        tags,
        security,
        summary: "One return on the shop's orders, with the line and the customer",
        params: idParamsSchema,
        response: returnReply,
      },
    },
    async (request) => ok(await returnPayload(vendorShopId(request), request.params.id)),
  );

  app.post(
    '/vendor/returns/:id/accept',
    {
      schema: {
        tags,
        security,
        summary:
          'Accept a pending return, with an optional note; the customer is mailed (refunded once the item is back)',
        description: 'A return already accepted or rejected answers 409 `return_already_decided`.',
        params: idParamsSchema,
        // No body at all is an acceptance without a note, as the contract lists the call.
        body: vendorReturnAcceptBodySchema.nullish(),
        response: returnReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const { mailIds } = await acceptReturn(
        { db: app.db, config: app.config },
        { shopId, returnId: request.params.id, note: request.body?.note || null },
      );
      app.mailer.deliverLater(mailIds);
      return ok(await returnPayload(shopId, request.params.id), 'Return accepted. The customer has been told.');
    },
  );

  app.post(
    '/vendor/returns/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a pending return with a note (required), mailed to the customer',
        description:
          'A return already accepted or rejected answers 409 `return_already_decided`. The quantity becomes free to return again.',
        params: idParamsSchema,
        // No body is a rejection without its required note: 422 `errors.note`, like an empty one.
        body: vendorReturnRejectBodySchema.nullish(),
        response: returnReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      if (!request.body) throw invalidField('note', 'Tell the customer why.');
      const { mailIds } = await rejectReturn(
        { db: app.db, config: app.config },
        { shopId, returnId: request.params.id, note: request.body.note },
      );
      app.mailer.deliverLater(mailIds);
      return ok(await returnPayload(shopId, request.params.id), 'Return rejected. The customer has been told why.');
    },
  );

  app.post(
    '/vendor/returns/:id/received',
    {
      schema: {
        tags,
        security,
        summary:
          'Say the item of an accepted return came back: its stock is restored and its line refunded (once), and the customer mailed',
        description:
          'Only an accepted return, once: a pending or rejected one answers 409 `return_not_accepted`, a second call 409 `return_already_received`. Stock goes back as an order cancellation gives it back (unlimited stays unlimited). The returned line is refunded (docs/decisions/030): a card order through Stripe after the reply (`refund.status` pending, then succeeded or failed), a cash order recorded as owed by the shop (`owed`); the points the line spent are given back and its delivery points taken back.',
        params: idParamsSchema,
        response: returnReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const { mailIds, refundIds } = await receiveReturn(
        { db: app.db, config: app.config },
        { shopId, returnId: request.params.id },
      );
      app.mailer.deliverLater(mailIds);
      app.refunds.sendLater(refundIds);
      const payload = await returnPayload(shopId, request.params.id);
      const refund = payload.return.refund;
      const message = !refund
        ? 'Item received; its stock is back on sale.'
        : refund.method === 'cash'
          ? 'Item received; its stock is back on sale. The refund is owed in cash: pay the customer back, then mark it paid.'
          : 'Item received; its stock is back on sale. The refund is on its way to the card.';
      return ok(payload, message);
    },
  );

  app.post(
    '/vendor/returns/:id/refund-paid',
    {
      schema: {
        tags,
        security,
        summary: "Say the shop paid a return's cash refund back over the counter: the refund is settled (once)",
        description:
          'Only a return whose refund is owed in cash: otherwise (a card refund, none yet, already paid) 409 `refund_not_owed`. The order and its invoice become `partially_refunded` or `refunded` by the money gone back (docs/decisions/030).',
        params: idParamsSchema,
        response: returnReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await settleReturnCashRefund(app.db, { shopId, returnId: request.params.id });
      return ok(await returnPayload(shopId, request.params.id), 'Cash refund marked paid.');
    },
  );
};
