import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// A ticket of the demo customer (apps/api/src/maintenance/seed/demo-tickets.ts); no other spec touches tickets.
const ticket = { subject: 'Collecting an order on a Sunday', customer: 'Priya Shah', email: 'customer@parade.test' };

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, accounts.admin);
  await page.getByText('Shop requests waiting').waitFor();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('support tickets and the mail outbox', () => {
  it('answers a ticket, which mails the customer, and resolves it', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signInAsAdmin(page);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tickets' }).click();
      await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(ticket.subject) });
      await row.waitFor();
      await row.getByText('Awaiting reply').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'platform-tickets-desktop');

      await row.getByRole('link', { name: ticket.subject }).click();
      await page.getByRole('heading', { name: ticket.subject, level: 1 }).waitFor();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await conversation.getByText(/collect my order from the market stall/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The browser check (core's schema) speaks before anything is sent.
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByText('Write a reply.').waitFor();
      expect(await page.getByRole('textbox', { name: /^Reply/ }).getAttribute('aria-invalid')).toBe('true');

      const answer = 'Yes: the stall is open for collections on Sundays from 10:00 to 14:00.';
      await page.getByRole('textbox', { name: /^Reply/ }).fill(answer);
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByText(`Reply sent to ${ticket.customer}.`).waitFor();
      await conversation.getByRole('listitem').filter({ hasText: answer }).getByText('Staff').waitFor();
      expect(await page.getByRole('textbox', { name: /^Reply/ }).inputValue()).toBe('');

      await page.getByRole('button', { name: 'Mark resolved' }).click();
      await page.getByText(/Ticket #\d+ is resolved\./).waitFor();
      await page.getByRole('button', { name: 'Reopen' }).waitFor();
      await saveScreenshot(page, 'platform-ticket-desktop');

      // Closing asks first; Cancel leaves it resolved.
      await page.getByRole('button', { name: 'Close ticket' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close this ticket?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Mark resolved' }).waitFor({ state: 'detached' });
      await page.getByText('Resolved', { exact: true }).waitFor();

      // The reply's mail is in the outbox, delivered (the test server sends through a local SMTP capture).
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Mail outbox' })
        .click();
      await page.getByRole('heading', { name: 'Mail outbox', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('ticket-reply');
      // The search goes to the API (and the URL) once typing pauses.
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('ticket-reply');
      const mail = page.getByRole('row', { name: new RegExp(`${ticket.email}.*Re: ${ticket.subject}`) });
      await mail.waitFor();
      await expect.poll(async () => (await mail.textContent())?.includes('Sent')).toBe(true);
      // Exactly one answer to this customer (support-tickets.spec answers other customers' tickets in the same run).
      await expect
        .poll(() =>
          page.getByRole('table', { name: 'Mail outbox' }).getByRole('row').filter({ hasText: ticket.email }).count(),
        )
        .toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'platform-mail-outbox-desktop');
    } finally {
      await context.close();
    }
  });

  it('shows the ticket and the outbox on a 390 px phone without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/platform/tickets?status=all');
      const row = page.getByRole('row', { name: new RegExp(ticket.subject) });
      await row.getByRole('link', { name: ticket.subject }).click();
      await page.getByRole('heading', { name: ticket.subject, level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Reply/ }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.mobile.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'platform-ticket-mobile');

      await page.goto('/admin/platform/mail-outbox');
      await page.getByRole('table', { name: 'Mail outbox' }).getByRole('row').nth(1).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewports.mobile.width);
      await saveScreenshot(page, 'platform-mail-outbox-mobile');
    } finally {
      await context.close();
    }
  });
});
