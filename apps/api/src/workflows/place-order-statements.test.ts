import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPreparedStatements } from '../db/prepared';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { checkoutFixtures, collection } from '../test/checkout-fixtures';
import { bearer, signUp } from '../test/test-support';

/**
 * SQL statements per checkout (the place-order bench row's shape: one line from each of several
 * shops, cash, collection). The invoice, its orders, their lines and history are one statement;
 * every line's guarded stock update and the read model another; the mails one more: nothing
 * grows with the cart. Counted through the drizzle session's logger, which both drivers call once
 * per statement, transactions included.
 */

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
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
  // The mails and the shops' pushes go after the reply: wait for them, they are part of the checkout's cost.
  await t.app.mailer.idle();
  await t.app.push.idle();
  // BEGIN and COMMIT: node-postgres's session logs them, PGlite's does not; they are not counted.
  return statements.filter((q) => !/^(select 1|begin|commit)$/i.test(q.trim()));
}

describe('statements per checkout', () => {
  it('the same handful whether the checkout has one line or three, from one shop or three', async () => {
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
    expect(three.length).toBe(one.length);
    // The session with its user, settings, prices, shops; the invoice with its orders, lines and
    // history (its number taken in the insert); the outbox; the stock of every line with the
    // read model; marking the mails: 8. The reply is built from the rows written, not read back.
    // After the reply, the new-order push asks who the shops' teams are and whether any of them
    // has a subscribed device (decision 027): 2 more, and no more when nobody subscribed.
    expect(three.length, three.join('\n---\n')).toBeLessThanOrEqual(10);
    const starting = (pattern: RegExp) => three.filter((q) => pattern.test(q.trim()));
    expect(starting(/^with new_invoice as \(\s*insert into invoices/)).toHaveLength(1);
    expect(starting(/^with wanted as .*update product_variations/s)).toHaveLength(1);
    expect(starting(/^insert into "mail_outbox"/)).toHaveLength(1);
    expect(
      starting(
        /^(insert into|update) "(invoices|orders|order_items|order_status_history|product_variations|products)"/,
      ),
    ).toHaveLength(0);
  });
});
