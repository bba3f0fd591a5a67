import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Support tickets end to end, across both sites on one server: a customer asks in the
 * storefront and the platform answers from the admin site; a customer reports an issue on an
 * order line and the shop's vendor answers from the merchant site. Each test signs up a customer
 * of its own, so the demo customer's tickets (tickets-and-mail.spec) are left alone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
let signUps = 0;

async function registerCustomer(name: string): Promise<{ token: string; email: string; name: string }> {
  signUps += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}.${signUps}@example.test`;
  const password = 'support tickets e2e passphrase';
  const res = await api<{ access_token: string }>(baseURL(), 'auth/register', {
    method: 'POST',
    body: { name, email, password, password_confirmation: password },
  });
  expect(res.status).toBe(201);
  return { token: res.body.data.access_token, email, name };
}

/** A storefront page signed in as the customer (the token where the storefront keeps it). */
async function storefrontAs(
  token: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await newPage(browser, viewport);
  await opened.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return opened;
}

interface PlacedOrder {
  invoice: string;
  orders: { id: number; items: { id: number; full_name: string }[] }[];
}

/** A cash collection order of one line of the demo vendor's shop, placed through the API. */
async function placeOrder(token: string): Promise<{ invoice: string; orderId: number; itemName: string }> {
  const cards = await api<{ products: { data: { variation: { id: number; stock: number | null } }[] } }>(
    baseURL(),
    `products?shop=${accounts.vendor.shopSlug}`,
  );
  const card = cards.body.data.products.data.find((c) => c.variation.stock === null || c.variation.stock > 10)!;
  const settings = (await api<never>(baseURL(), 'app/setting')).body as unknown as {
    settings: { collection_locations: string };
  };
  const points = JSON.parse(settings.settings.collection_locations) as { value: string }[];
  const placed = await api<PlacedOrder>(baseURL(), 'user/order/place', {
    method: 'POST',
    token,
    body: {
      order_type: 'collection',
      collection_point: points[0]!.value,
      items: [{ variation_id: card.variation.id, quantity: 1 }],
      payment_method: 'cash',
    },
  });
  expect(placed.status).toBe(201);
  const order = placed.body.data.orders[0]!;
  return { invoice: placed.body.data.invoice, orderId: order.id, itemName: order.items[0]!.full_name };
}

/** True when the conversation's newest message is inside the log's visible box (it scrolls on its own). */
const newestInView = (log: Locator) =>
  log.evaluate((element) => {
    const last = element.querySelector('li:last-child');
    if (!last) return false;
    const box = element.getBoundingClientRect();
    const item = last.getBoundingClientRect();
    return item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
  });

/**
 * axe once the toasts have gone (as accounts.spec does): the toasts' close buttons have no
 * accessible name in either app's shared notify helper, which is not this feature's to change.
 */
async function a11yAfterToasts(page: Page): Promise<string[]> {
  // A toast under the pointer stays open; move the pointer away.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, undefined, {
    timeout: 10_000,
  });
  return seriousA11yViolations(page);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('support tickets', () => {
  it('a customer opens a ticket, the platform answers, the answer appears without a reload, and the customer replies and closes it', async () => {
    const customer = await registerCustomer('Rosa Tickets');
    const subject = `Opening hours on bank holidays ${Date.now()}`;
    const question = 'Are the shops on the parade open on the late May bank holiday?';
    const answer = 'Most are: the bakery and the greengrocer open 9:00 to 13:00 that day.';
    const followUp = 'Thank you, that is all I needed.';
    const shopper = await storefrontAs(customer.token);
    const staff = await newPage(browser);
    try {
      const { page } = shopper;
      await page.goto('/profile');
      await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Support tickets' }).click();
      await page.getByRole('heading', { name: 'Support tickets', level: 2 }).waitFor();
      await page.getByText('No support tickets yet').waitFor();
      expect(await a11yAfterToasts(page)).toEqual([]);
      await saveScreenshot(page, 'storefront-support-tickets-empty-desktop');

      await page.getByRole('button', { name: 'New ticket' }).click();
      const dialog = page.getByRole('dialog', { name: 'New ticket' });
      // Core's schema speaks in the browser before anything is sent.
      await dialog.getByRole('button', { name: 'Send ticket' }).click();
      await dialog.getByText('Give your ticket a subject.').waitFor();
      expect(await dialog.getByRole('textbox', { name: /^Subject/ }).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByRole('textbox', { name: /^Subject/ }).fill(subject);
      await dialog.getByRole('textbox', { name: /^Message/ }).fill(question);
      // Closed by mistake (Escape) and opened again: what was typed is still there.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'New ticket' }).click();
      expect(await dialog.getByRole('textbox', { name: /^Subject/ }).inputValue()).toBe(subject);
      expect(await dialog.getByRole('textbox', { name: /^Message/ }).inputValue()).toBe(question);
      expect(await a11yAfterToasts(page)).toEqual([]);
      await saveScreenshot(page, 'storefront-support-ticket-new-desktop');
      await dialog.getByRole('button', { name: 'Send ticket' }).click();

      await page.waitForURL(/\/profile\/ticket-details\/\d+$/);
      const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { name: subject }).waitFor();
      const log = page.getByRole('log', { name: 'Conversation' });
      await log.getByRole('listitem').filter({ hasText: question }).getByText('You', { exact: true }).waitFor();
      await page.getByLabel('Ticket status: OPEN').waitFor();
      // The ticket's page is part of the account menu's "Support tickets".
      expect(
        await page
          .getByRole('navigation', { name: 'My account' })
          .getByRole('link', { name: 'Support tickets' })
          .filter({ visible: true })
          .getAttribute('aria-current'),
      ).toBe('page');
      // A mark on this document: it survives only if the page is never reloaded.
      await page.evaluate(() => {
        (window as unknown as { notReloaded?: boolean }).notReloaded = true;
      });

      // The platform answers from the admin site.
      await signIn(staff.page, accounts.admin);
      await staff.page.getByText('Shop requests waiting').waitFor();
      await staff.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Tickets' })
        .click();
      const row = staff.page.getByRole('row', { name: new RegExp(subject) });
      await row.getByText('Awaiting reply').waitFor();
      await row.getByRole('link', { name: subject }).click();
      await staff.page.getByRole('heading', { name: subject, level: 1 }).waitFor();
      await staff.page.getByRole('textbox', { name: /^Reply/ }).fill(answer);
      await staff.page.getByRole('button', { name: 'Send reply' }).click();
      await staff.page.getByText(`Reply sent to ${customer.name}.`).waitFor();

      // The customer's open page shows the answer by itself (it polls every 10 s), newest in view.
      const staffMessage = log.getByRole('listitem').filter({ hasText: answer });
      await staffMessage.getByText('Support team').waitFor({ timeout: 25_000 });
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await staffMessage.getAttribute('data-author')).toBe('staff');
      expect(await newestInView(log)).toBe(true);
      expect(await a11yAfterToasts(page)).toEqual([]);
      await saveScreenshot(page, 'storefront-support-ticket-answered-desktop');

      // The customer replies, then closes the ticket.
      await page.getByRole('textbox', { name: /^Your message/ }).fill(followUp);
      await page.getByRole('button', { name: 'Send message' }).click();
      await log.getByRole('listitem').filter({ hasText: followUp }).waitFor();
      expect(await page.getByRole('textbox', { name: /^Your message/ }).inputValue()).toBe('');
      expect(await newestInView(log)).toBe(true);
      await page.getByRole('button', { name: 'Close ticket' }).click();
      await page.getByRole('button', { name: 'Reopen ticket' }).waitFor();
      await page.getByLabel('Ticket status: CLOSE').waitFor();
      await page.getByText('Sending a message opens this ticket again.').waitFor();
      await saveScreenshot(page, 'storefront-support-ticket-closed-desktop');

      // The list says so, with the newest message's author and a link back to the ticket.
      await page.getByRole('link', { name: 'All tickets' }).click();
      const listed = page
        .getByRole('list', { name: 'Your tickets' })
        .getByRole('listitem')
        .filter({ hasText: subject });
      await listed.getByLabel('Ticket status: CLOSE').waitFor();
      await listed.getByText('Last message from you').waitFor();
      expect(await a11yAfterToasts(page)).toEqual([]);
      await saveScreenshot(page, 'storefront-support-tickets-desktop');

      // The answer went to the customer's inbox too (the platform's outbox shows it sent).
      const admin = await api<{ access_token: string }>(baseURL(), 'auth/login', {
        method: 'POST',
        body: accounts.admin,
      });
      await expect
        .poll(async () => {
          const outbox = await api<{ data: { kind: string; subject: string; status: string }[] }>(
            baseURL(),
            `admin/mail-outbox?search=${encodeURIComponent(customer.email)}`,
            { token: admin.body.data.access_token },
          );
          return outbox.body.data.data.map((m) => [m.kind, m.subject, m.status]);
        })
        .toContainEqual(['ticket-reply', `Re: ${subject} [ticket #${ticketId}]`, 'sent']);

      // The same ticket on a 390 px phone: no sideways scrolling.
      const phone = await storefrontAs(customer.token, viewports.mobile);
      try {
        await phone.page.goto(`/profile/ticket-details/${ticketId}`);
        await phone.page.getByRole('log', { name: 'Conversation' }).getByText(followUp).waitFor();
        expect(await pageWidth(phone.page)).toBeLessThanOrEqual(viewports.mobile.width);
        await saveScreenshot(phone.page, 'storefront-support-ticket-mobile');
        await phone.page.goto('/profile/support-ticket');
        await phone.page.getByRole('link', { name: subject }).waitFor();
        expect(await pageWidth(phone.page)).toBeLessThanOrEqual(viewports.mobile.width);
        await saveScreenshot(phone.page, 'storefront-support-tickets-mobile');
        // Not a ticket's number, or not one of theirs: said so, with the page's title.
        for (const wrong of ['abc', '999999']) {
          await phone.page.goto(`/profile/ticket-details/${wrong}`);
          await phone.page.getByText('Ticket not found', { exact: true }).waitFor();
          await expect.poll(() => phone.page.title()).toMatch(/^Ticket not found/);
        }
      } finally {
        await phone.context.close();
      }
    } finally {
      await shopper.context.close();
      await staff.context.close();
    }
  }, 120_000);

  it("a customer reports an issue on an order line; the shop's vendor finds it under Tickets and answers", async () => {
    const customer = await registerCustomer('Omar Issues');
    const { invoice, orderId, itemName } = await placeOrder(customer.token);
    const problem = 'The bag was torn and half of it spilled out.';
    const answer = 'Sorry about that: bring the receipt and we will swap it today.';
    const subject = `Order ${invoice}: damaged item — ${itemName}`;
    const shopper = await storefrontAs(customer.token, viewports.mobile);
    const vendor = await newPage(browser);
    try {
      const { page } = shopper;
      await page.goto(`/profile/orders/${orderId}`);
      // Each line has its own actions; the button's name says which line it is for.
      const report = page.getByTestId('order-lines').getByRole('button', { name: `Report an issue with ${itemName}` });
      await report.waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.mobile.width);
      await saveScreenshot(page, 'storefront-order-lines-actions-mobile');
      await report.click();
      const dialog = page.getByRole('dialog', { name: 'Report an issue' });
      await dialog.getByText(itemName).waitFor();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Choose what went wrong.').waitFor();
      await dialog.getByRole('combobox', { name: /What went wrong/ }).click();
      await page.getByRole('option', { name: 'Damaged item' }).click();
      await dialog.getByRole('textbox', { name: /^Tell us more/ }).fill(problem);
      // Closed by mistake (Esc) and opened again: what was typed is still there.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await report.click();
      await dialog.waitFor();
      expect(await dialog.getByRole('textbox', { name: /^Tell us more/ }).inputValue()).toBe(problem);
      expect(await a11yAfterToasts(page)).toEqual([]);
      await saveScreenshot(page, 'storefront-report-issue-mobile');
      await dialog.getByRole('button', { name: 'Send report' }).click();

      await page.waitForURL(/\/profile\/ticket-details\/\d+$/);
      const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { name: subject }).waitFor();
      await page.getByRole('link', { name: `Order #${orderId}` }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.mobile.width);

      // The shop's vendor finds it in the merchant site and answers.
      await signIn(vendor.page, accounts.vendor);
      await vendor.page.getByText('Orders today').waitFor();
      await vendor.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Tickets' })
        .click();
      await vendor.page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
      const row = vendor.page.getByRole('row', { name: new RegExp(invoice) });
      await row.getByText('Awaiting reply').waitFor();
      await row.getByText(customer.email).waitFor();
      expect(await a11yAfterToasts(vendor.page)).toEqual([]);
      await saveScreenshot(vendor.page, 'vendor-tickets-desktop');
      await row.getByRole('link', { name: subject }).click();
      await vendor.page.getByRole('heading', { name: subject, level: 1 }).waitFor();
      const conversation = vendor.page.getByRole('list', { name: 'Conversation' });
      await conversation.getByText(problem).waitFor();
      await vendor.page.getByRole('link', { name: `order ${orderId}` }).waitFor();
      // A shop answers; resolving and closing stay with the customer and the platform.
      expect(await vendor.page.getByRole('button', { name: 'Close ticket' }).count()).toBe(0);
      // A reply being typed is not lost to a click in the menu: leaving asks first, and Cancel stays.
      const replyBox = vendor.page.getByRole('textbox', { name: /^Reply/ });
      await replyBox.fill('Sorry to hear');
      await vendor.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Orders' })
        .click();
      const leave = vendor.page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.getByRole('button', { name: 'Cancel' }).click();
      await leave.waitFor({ state: 'detached' });
      expect(await replyBox.inputValue()).toBe('Sorry to hear');
      await replyBox.fill(answer);
      await vendor.page.getByRole('button', { name: 'Send reply' }).click();
      await vendor.page.getByText(`Reply sent to ${customer.name}.`).waitFor();
      await conversation.getByRole('listitem').filter({ hasText: answer }).getByText('Staff').waitFor();
      expect(await a11yAfterToasts(vendor.page)).toEqual([]);
      await saveScreenshot(vendor.page, 'vendor-ticket-desktop');
      expect(await pageWidth(vendor.page)).toBeLessThanOrEqual(viewports.desktop.width);
      await vendor.page.setViewportSize(viewports.mobile);
      await conversation.getByText(answer).waitFor();
      // The layout settles after the resize (the navigation folds into its drawer).
      await expect.poll(() => pageWidth(vendor.page)).toBeLessThanOrEqual(viewports.mobile.width);
      await saveScreenshot(vendor.page, 'vendor-ticket-mobile');

      // Another shop's vendor cannot reach it.
      const other = await api<{ access_token: string }>(baseURL(), 'auth/login', {
        method: 'POST',
        body: accounts.otherVendor,
      });
      const refused = await api(baseURL(), `vendor/tickets/${ticketId}`, { token: other.body.data.access_token });
      expect(refused.status).toBe(404);

      // The customer's open page shows the shop's answer by itself, signed with the shop's name.
      const log = page.getByRole('log', { name: 'Conversation' });
      await log
        .getByRole('listitem')
        .filter({ hasText: answer })
        .getByText('Green Barrow Greengrocer', { exact: true })
        .waitFor({ timeout: 25_000 });
      expect(await newestInView(log)).toBe(true);
      await saveScreenshot(page, 'storefront-order-issue-answered-mobile');
    } finally {
      await shopper.context.close();
      await vendor.context.close();
    }
  }, 120_000);
});
