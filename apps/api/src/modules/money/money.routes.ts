import { adminIdParamsSchema } from '@parade/core/admin-schemas';
import { ledgerKinds } from '@parade/core/enums';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { commissionRateSetting } from '@parade/core/money-rules';
import {
  ledgerAdjustmentSchema,
  ledgerCsv,
  ledgerEntrySchema,
  ledgerQuerySchema,
  londonMonth,
  monthRange,
  shopCommissionPayloadSchema,
  shopCommissionSchema,
  statementQuerySchema,
  statementSchema,
  vendorBalanceSchema,
} from '@parade/core/money-schemas';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerClock } from '../../lib/clock';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { vendorShopId } from '../../plugins/role-guards';
import { getSiteSettings } from '../content';
import { orderInvoiceNumbers, ordersVatByRate } from '../orders';
import { setShopCommissionRate, shopCommissionRate, shopStatementHeader } from '../shops';
import { recordAdjustment } from './ledger.commands';
import { shopBalance, shopBalanceBefore, shopLedger } from './ledger.queries';

const ABOUT_BALANCE =
  "Sums of the shop's append-only ledger (docs/decisions/028). `pending`: entries in their hold (a sale and its " +
  'commission for `payout_hold_days`, default 7, after the order is delivered, or paid if that came later); ' +
  '`available`: the rest, payouts included; `paid_out`: every payout so far, positive. A card sale adds what the ' +
  'shopper paid plus any discount the platform paid for; a cash sale adds only that discount (the shop holds the ' +
  'cash) and its commission is owed to the platform.';

/** A shop's money (`/api/vendor/balance`, `/api/vendor/ledger`, ...) and the admin's corrections. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const invoiceNumbersOf = (orderIds: number[]) => orderInvoiceNumbers(app.db, orderIds);
  // What is available is decided by the ledger's clock (moved only by browser tests: lib/clock.ts).
  const now = ledgerClock(app.config.testClockFile);

  app.get(
    '/vendor/balance',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary: "The shop's balance: pending, available and paid out (pence)",
        description: ABOUT_BALANCE,
        response: { 200: successEnvelope(vendorBalanceSchema), ...failureResponses },
      },
    },
    async (request) => ok(await shopBalance(app.db, vendorShopId(request), now())),
  );

  app.get(
    '/vendor/ledger',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary:
          "The shop's ledger entries, newest first unless sorted (created_at, amount), 20 a page (per_page 1-100); search by kind, note or invoice number; date_from/date_to are London days",
        querystring: ledgerQuerySchema,
        response: { 200: successEnvelope(paginated(ledgerEntrySchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { date_from, date_to } = request.query;
      const { page, perPage, search, sort } = manageListArgs(request.query);
      return ok(
        await shopLedger(
          app.db,
          vendorShopId(request),
          { dateFrom: date_from, dateTo: date_to, search, sort },
          page,
          invoiceNumbersOf,
          perPage,
        ),
      );
    },
  );

  app.get(
    '/vendor/ledger/export',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary:
          "The shop's ledger entries of a range as CSV (every entry, in the list's order; its search and sort apply), for a spreadsheet",
        querystring: ledgerQuerySchema.omit({ page: true, per_page: true }),
        response: {
          200: {
            description: 'The entries as CSV (a header row; amounts in pounds, signed from the shop side)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const { date_from, date_to } = request.query;
      const { search, sort } = manageListArgs(request.query);
      const ledger = await shopLedger(
        app.db,
        vendorShopId(request),
        { dateFrom: date_from, dateTo: date_to, search, sort },
        null,
        invoiceNumbersOf,
      );
      const name = `parade-ledger${date_from ? `-from-${date_from}` : ''}${date_to ? `-to-${date_to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(ledgerCsv(ledger.data));
    },
  );

  app.get(
    '/vendor/statement',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary: "One month of the shop's ledger: opening and closing balance, each kind's total, every entry",
        querystring: statementQuerySchema,
        response: { 200: successEnvelope(statementSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const month = request.query.month ?? londonMonth();
      const range = monthRange(month);
      const [ledger, opening, shop] = await Promise.all([
        shopLedger(app.db, shopId, range, null, invoiceNumbersOf),
        shopBalanceBefore(app.db, shopId, range.dateFrom),
        shopOf(shopId),
      ]);
      const entries = [...ledger.data].reverse();
      const totals = Object.fromEntries(ledgerKinds.map((kind) => [kind, 0])) as Record<
        (typeof ledgerKinds)[number],
        number
      >;
      for (const entry of entries) totals[entry.kind] += entry.amount;
      const closing = opening + entries.reduce((sum, entry) => sum + entry.amount, 0);
      const dueOrders = entries.flatMap((entry) =>
        entry.order_id !== null && (entry.kind === 'sale' || entry.kind === 'commission') ? [entry.order_id] : [],
      );
      const vat = await ordersVatByRate(app.db, dueOrders);
      return ok({ month, shop, opening_balance: opening, closing_balance: closing, totals, entries, vat });
    },
  );

  async function shopOf(shopId: number) {
    const shop = await shopStatementHeader(app.db, shopId);
    if (!shop) throw notFound('No such shop.', 'shop_not_found');
    return shop;
  }

  app.get(
    '/admin/shops/:id/balance',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "A shop's balance, as the shop sees it",
        description: ABOUT_BALANCE,
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(vendorBalanceSchema), ...failureResponses },
      },
    },
    async (request) => {
      await shopOf(request.params.id);
      return ok(await shopBalance(app.db, request.params.id, now()));
    },
  );

  const commissionReply = async (shopId: number) => {
    const rate = await shopCommissionRate(app.db, shopId);
    if (rate === undefined) throw notFound('No such shop.', 'shop_not_found');
    const effective = rate ?? commissionRateSetting((await getSiteSettings(app.db)).commission_rate);
    return ok({ commission_rate: rate, effective_rate: effective });
  };

  app.get(
    '/admin/shops/:id/commission',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "A shop's commission rate: its own (null for none) and the one its next order is charged",
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(shopCommissionPayloadSchema), ...failureResponses },
      },
    },
    async (request) => commissionReply(request.params.id),
  );

  app.put(
    '/admin/shops/:id/commission',
    {
      schema: {
        tags: ['admin'],
        security,
        summary:
          "Set a shop's own commission rate (percent), or null for the platform's; orders already placed keep theirs",
        params: adminIdParamsSchema,
        body: shopCommissionSchema,
        response: { 200: successEnvelope(shopCommissionPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      if (!(await setShopCommissionRate(app.db, request.params.id, request.body.commission_rate))) {
        throw notFound('No such shop.', 'shop_not_found');
      }
      return commissionReply(request.params.id);
    },
  );

  app.post(
    '/admin/shops/:id/ledger-adjustments',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "Correct a shop's balance either way, with a reason (an `adjustment` entry, available at once)",
        params: adminIdParamsSchema,
        body: ledgerAdjustmentSchema,
        response: { 201: successEnvelope(z.object({ entry: ledgerEntrySchema })), ...failureResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(request);
      await shopOf(request.params.id);
      const row = await recordAdjustment(app.db, {
        shopId: request.params.id,
        amount: request.body.amount,
        note: request.body.note,
        adminId: admin.id,
      });
      reply.code(201);
      return ok(
        {
          entry: {
            id: row.id,
            kind: row.kind,
            amount: row.amount,
            order_id: null,
            invoice_number: null,
            note: row.note,
            available_at: row.availableAt.toISOString(),
            created_at: row.createdAt.toISOString(),
          },
        },
        'Adjustment recorded.',
      );
    },
  );
};
