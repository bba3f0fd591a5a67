import { successEnvelope } from '@parade/core/envelope';
import { financeCsv, financeQuerySchema, financeReportSchema } from '@parade/core/finance-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { financeReport } from '../../workflows/finance-report';

const ABOUT_REPORT =
  'Per London day (every day of the range) or per shop (every shop with a figure or a balance), over the days ' +
  'asked for (both included; the 30 days up to today by default; at most 367): `gross_sales`, what shoppers were ' +
  'charged for the orders placed (all but those cancelled before any money was taken), `commission` on those not ' +
  'cancelled, `refunds` given back (card refunds Stripe made and cash refunds recorded, by the day decided), ' +
  '`payouts` transferred to shops; per shop its balance now; `payouts_due`, what a payout run would pay now ' +
  '(docs/decisions/032).';

/** The platform admin's finance report (`/api/admin/finance`) and its CSV. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/admin/finance',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Gross sales, commission, refunds and payouts per day or per shop, and the payouts due',
        description: ABOUT_REPORT,
        querystring: financeQuerySchema,
        response: { 200: successEnvelope(financeReportSchema), ...failureResponses },
      },
    },
    async (request) => ok(await financeReport(app.db, request.query)),
  );

  app.get(
    '/admin/finance/export',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'The finance report as CSV, with a totals row, for a spreadsheet',
        description: ABOUT_REPORT,
        querystring: financeQuerySchema,
        response: {
          200: {
            description: 'The report as CSV (a header row, one row per day or shop, a totals row; pounds)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await financeReport(app.db, request.query);
      const name = `parade-finance-by-${report.group}-${report.date_from}-to-${report.date_to}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(financeCsv(report));
    },
  );
};
