import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPreparedStatements } from '../db/prepared';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { checkoutFixtures, collection } from '../test/checkout-fixtures';
import { bearer, signUp } from '../test/test-support';

/**
 * SQL statements per checkout (the place-order bench row's shape: one line from each of several
 * shops, cash, collection). Orders, their lines, their history and the mails are written with
 * multi-row statements, so only the guarded stock updates (one per variation, in id order, so
 * that racing checkouts cannot deadlock) grow with the cart. Counted through the drizzle
 * session's logger, which both drivers call once per statement, transactions included.
 */

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ seed: true, env: { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' } });
  const logger: Logger = { logQuery: (query) => statements.push(query) };
  const session = (t.database.db as unknown as { session: { logger: Logger; options?: { logger?: Logger } } }).session;
  session.logger = logger;
  // A transaction's session is made from these options: its statements are counted too.
  if (session.options) session.options.logger = logger;
  // The demo's seeded order already prepared the stock update, with the logger of its time.
  forgetPreparedStatements();
});
afterAll(() => t.close());

const { makeShop, makeVariation, place } = checkoutFixtures(() => t);

async function statementsFor(token: string, variationIds: number[]): Promise<string[]> {
  await t.app.mailer.idle();
  statements = [];
  const res = await place(token, collection(variationIds.map((id) => ({ variation_id: id, quantity: 1 }))));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  // The mails are delivered after the reply: wait for them, they are part of the checkout's cost.
  await t.app.mailer.idle();
  // BEGIN and COMMIT: node-postgres's session logs them, PGlite's does not; they are not counted.
  return statements.filter((q) => !/^(select 1|begin|commit)$/i.test(q.trim()));
}

describe('statements per checkout', () => {
  it('a fixed number per checkout, plus one stock update per variation, however many shops', async () => {
    const shops = [await makeShop(), await makeShop(), await makeShop()];
    const variations = [];
    for (const shop of shops) variations.push(await makeVariation(shop.id, { price: 250 }));
    const { token } = await signUp(t.app);
    // The session's last-used stamp is written on its first use only (then every few minutes).
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

    const one = await statementsFor(token, [variations[0]!.id]);
    const three = await statementsFor(
      token,
      variations.map((v) => v.id),
    );
    const stockUpdates = (list: string[]) =>
      list.filter((q) => /^update "product_variations" set "stock"/.test(q)).length;
    expect(stockUpdates(one)).toBe(1);
    expect(stockUpdates(three)).toBe(3);
    // Everything else is the same handful whether the checkout has one shop or three.
    expect(three.length - stockUpdates(three)).toBe(one.length - stockUpdates(one));
    // The session with its user, settings, prices, shops, the invoice (its number taken in the
    // insert), orders, lines, history, the outbox, the read-model refresh (2), marking the
    // mails: 12. The reply is built from the rows written, not read back.
    expect(three.length - stockUpdates(three)).toBeLessThanOrEqual(12);
    expect(three.filter((q) => /nextval/.test(q) && !/^insert into "invoices"/.test(q))).toHaveLength(0);
    expect(three.filter((q) => /^insert into "mail_outbox"/.test(q))).toHaveLength(1);
    expect(three.filter((q) => /^insert into "orders"/.test(q))).toHaveLength(1);
  });
});
