import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * Issue 23, "Status mails": the mail of a status change leaves as soon as the change commits,
 * like every other mail of a request, not at the outbox's next retry sweep (minutes later).
 */
let smtp: SmtpCapture;
let t: TestApp;
const fx = checkoutFixtures(() => t);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ seed: true, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://parade.example' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('status mails over SMTP', () => {
  it("sends the customer's mail for a shop's status change at once", async () => {
    const shop = await fx.makeShop();
    const variation = await fx.makeVariation(shop.id, { price: 700 });
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/vendor/orders/${orderId}/status`,
      headers: bearer(vendor.token),
      payload: { status: 'processing' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The outbox's own sweep runs every two minutes: a mail within seconds was handed over at commit.
    const mail = await smtp.waitFor(
      (m) => m.to.includes(customer.user.email) && /is being prepared/.test(m.subject),
      5_000,
    );
    expect(mail.subject).toBe(`${shop.name}: your order ${placed.json().data.invoice} is being prepared`);
    expect(mail.text).toContain(`https://parade.example/profile/track?order=${orderId}`);
    await t.app.mailer.idle();
    const [row] = await t.database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-status'), eq(mailOutbox.to, customer.user.email)));
    expect(row?.status).toBe('sent');
  });
});
