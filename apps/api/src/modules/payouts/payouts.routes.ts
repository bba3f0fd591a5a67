import { securityMessages } from '@parade/core/account-security-schemas';
import { adminIdParamsSchema } from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import {
  type PayoutRun,
  type PayoutRunDetail,
  payoutAccountSchema,
  payoutOnboardingSchema,
  payoutRunDetailSchema,
  payoutRunSchema,
  payoutRunsQuerySchema,
} from '@parade/core/payout-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerClock } from '../../lib/clock';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { clientOf, requireUser } from '../../plugins/auth';
import { vendorShopId } from '../../plugins/role-guards';
import { decidePayoutRun } from '../../workflows/run-payouts';
import { hasTwoFactor, recordSecurityEvent } from '../auth';
import { createStripeClient } from '../payments';
import { shopsForOrders } from '../shops';
import { findUserById } from '../users';
import { findPayoutAccount, payoutAccountView, savePayoutAccount, stripeAccountFacts } from './payouts.accounts';
import { findPayoutRun, listPayoutRuns, type PayoutRunSummary, type PayoutTransferRow } from './payouts.runs';

const ABOUT_RUN =
  'One payout run (docs/decisions/031). Each shop whose available balance (card sales after the hold, less ' +
  'commission, cash commission owed, refunds, adjustments and payouts), less its transfers still being sent, is ' +
  'above zero gets one transfer of that amount to its Stripe Connect account if Stripe can pay it, or is listed as ' +
  'skipped with the reason. Runs decide one at a time, so however many start at once a shop is paid its money once. ' +
  "The transfers are sent after the decision: `paid` (with Stripe's transfer id; the shop's ledger has the payout), " +
  '`failed` (Stripe refused, with its reason; the amount is free for the next run) or `pending` (Stripe did not ' +
  'answer; tried again by the sweep).';

/** Stripe did not answer (try again shortly). */
const unavailable = () =>
  new AppError(
    503,
    'Payouts through Stripe are not available right now. Please try again shortly.',
    {},
    'payment_unavailable',
  );
/** This server has no Stripe key: nothing to try again until it is set up (as payment-token's 422). */
const notConfigured = () =>
  new AppError(422, 'Payouts through Stripe are not set up on this site yet.', {}, 'payment_unavailable');

/** Payouts through Stripe Connect: the shop's onboarding and status, the admin's runs. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const stripe = createStripeClient(app.config);
  const now = ledgerClock(app.config.testClockFile);
  const adminBase = app.config.adminUrl.endsWith('/') ? app.config.adminUrl : `${app.config.adminUrl}/`;

  app.post(
    '/vendor/payouts/onboarding',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['vendor'],
        security,
        summary: "A Stripe onboarding link for the shop's payout account (made the first time, once per shop)",
        description:
          "Makes the shop's Stripe Connect Express account on the first call (GB, transfers; one per shop whatever " +
          'the retries: an idempotency key per shop and a row per shop) and answers a fresh onboarding link to ' +
          "Stripe's hosted form, which comes back to the merchant site's Money page. 422 `payment_unavailable` " +
          'when this server has no Stripe key, 503 when Stripe does not answer. The form is where payout details are ' +
          'set and changed, so the caller must have two-factor sign-in on (403 `two_factor_required` otherwise, ' +
          'docs/decisions/045); each link handed out is recorded as a security event.',
        response: { 200: successEnvelope(payoutOnboardingSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const user = await requireUser(request);
      // Where the shop's money goes is set behind this link: a password alone must not open it.
      if (!(await hasTwoFactor(app.db, user.id))) {
        throw new AppError(403, securityMessages.payoutTwoFactorRequired, {}, 'two_factor_required');
      }
      if (!stripe) throw notConfigured();
      try {
        let account = await findPayoutAccount(app.db, shopId);
        if (!account) {
          const shop = (await shopsForOrders(app.db, [shopId])).get(shopId);
          if (!shop) throw notFound('No such shop.', 'shop_not_found');
          const created = await stripe.accounts.create(
            {
              type: 'express',
              country: 'GB',
              email: shop.email ?? user.email,
              business_profile: { name: shop.name },
              capabilities: { transfers: { requested: true } },
              metadata: { shop_id: String(shopId), shop_slug: shop.slug },
            },
            { idempotencyKey: `parade-shop-${shopId}-connect-account` },
          );
          const facts = stripeAccountFacts(created);
          if (!facts) throw new Error(`Stripe answered accounts.create with no account: ${created.id}`);
          account = await savePayoutAccount(app.db, shopId, facts);
        }
        const link = await stripe.accountLinks.create({
          account: account.stripeAccountId,
          type: 'account_onboarding',
          refresh_url: new URL('vendor/money?payouts=refresh', adminBase).toString(),
          return_url: new URL('vendor/money?payouts=return', adminBase).toString(),
        });
        await recordSecurityEvent(app.db, {
          userId: user.id,
          email: user.email,
          kind: 'payout_details_changed',
          client: clientOf(request),
          detail: `payout onboarding link for shop ${shopId}`,
        });
        return ok({ url: link.url });
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, shopId }, 'Stripe onboarding failed');
        throw unavailable();
      }
    },
  );

  app.get(
    '/vendor/payouts/account',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary: "The shop's payout status: not started, in progress (with what Stripe still needs) or ready",
        description:
          'Kept in step with Stripe by the `account.updated` webhook. `ready` (payouts enabled) is what a payout run pays.',
        response: { 200: successEnvelope(payoutAccountSchema), ...failureResponses },
      },
    },
    async (request) => ok(payoutAccountView(await findPayoutAccount(app.db, vendorShopId(request)))),
  );

  async function detail(runId: number): Promise<PayoutRunDetail> {
    const found = await findPayoutRun(app.db, runId);
    if (!found) throw notFound('No such payout run.', 'not_found');
    const [run] = await runViews([found.run]);
    return { run: run!, transfers: await transferViews(found.transfers) };
  }

  async function runViews(runs: PayoutRunSummary[]): Promise<PayoutRun[]> {
    const starters = new Map<number, string>();
    for (const id of new Set(runs.flatMap((run) => (run.startedBy === null ? [] : [run.startedBy])))) {
      const user = await findUserById(app.db, id);
      if (user) starters.set(id, user.name);
    }
    return runs.map((run) => ({
      id: run.id,
      status: run.status,
      started_by:
        run.startedBy !== null && starters.has(run.startedBy)
          ? { id: run.startedBy, name: starters.get(run.startedBy)! }
          : null,
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      paid: run.paid,
      pending: run.pending,
      failed: run.failed,
      skipped: run.skipped,
    }));
  }

  async function transferViews(transfers: PayoutTransferRow[]): Promise<PayoutRunDetail['transfers']> {
    const shops = await shopsForOrders(
      app.db,
      transfers.map((transfer) => transfer.shopId),
    );
    return transfers.map((transfer) => {
      const shop = shops.get(transfer.shopId);
      return {
        id: transfer.id,
        shop: { id: transfer.shopId, name: shop?.name ?? `Shop ${transfer.shopId}`, slug: shop?.slug ?? '' },
        amount: transfer.amount,
        status: transfer.status,
        reason: transfer.reason,
        destination: transfer.destination,
        stripe_transfer_id: transfer.stripeTransferId,
        attempts: transfer.attempts,
        created_at: transfer.createdAt.toISOString(),
        updated_at: transfer.updatedAt.toISOString(),
      };
    });
  }

  app.post(
    '/admin/payouts/run',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Run payouts: one transfer per shop with money available and a ready Stripe account',
        description: ABOUT_RUN,
        response: { 201: successEnvelope(payoutRunDetailSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(request);
      const { runId, pendingIds } = await decidePayoutRun(app.db, { startedBy: admin.id, availableBy: now() });
      // After the commit: each transfer is sent with its own key; the reply shows what Stripe said.
      await app.payouts.send(pendingIds);
      reply.code(201);
      return ok(await detail(runId), `Payout run ${runId}.`);
    },
  );

  app.get(
    '/admin/payouts/runs',
    {
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Payout runs, newest first, 20 a page (per_page 1-100), each with its transfers counted and summed by status',
        querystring: payoutRunsQuerySchema,
        response: { 200: successEnvelope(paginated(payoutRunSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const page = await listPayoutRuns(app.db, request.query.page ?? 1, request.query.per_page);
      return ok({ ...page, data: await runViews(page.data) });
    },
  );

  app.get(
    '/admin/payouts/runs/:id',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'One payout run and every transfer of it: paid, sending, failed or skipped, with the reasons',
        description: ABOUT_RUN,
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(payoutRunDetailSchema), ...failureResponses },
      },
    },
    async (request) => ok(await detail(request.params.id)),
  );
};
