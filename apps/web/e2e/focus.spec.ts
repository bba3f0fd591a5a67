import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshPage, launchBrowser, viewports } from './support/browser';

/**
 * Keyboard focus keeps its place when what had it goes away (@parade/ui/focus-rescue): a card
 * that leaves its list with the dialog's trigger in it, a page replaced by a link inside it.
 * Without it the browser puts focus on <body>, and a keyboard user starts again from the top.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Each sign-up from an address of its own: sign-up is limited per client address (20 an hour).
let signUps = 0;
async function newCustomer(): Promise<string> {
  signUps += 1;
  const password = 'focus e2e passphrase';
  const register = await fetch(`${e2eServer().baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.93.${process.pid % 250}.${signUps}` },
    body: JSON.stringify({
      name: 'Fern Focus',
      email: `fern.focus.${process.pid}.${Date.now()}@example.test`,
      password,
      password_confirmation: password,
    }),
  });
  const token = ((await register.json()) as { data: { access_token: string } }).data.access_token;
  for (const label of ['Home', 'Work']) {
    const res = await fetch(`${e2eServer().baseURL}/api/user/address`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        label,
        name: 'Fern Focus',
        phone: '020 7946 0123',
        line1: `${label === 'Home' ? 1 : 2} Whitechapel Road`,
        city: 'London',
        postcode: 'E1 1DU',
      }),
    });
    expect(res.status).toBe(201);
  }
  return token;
}

/** What has focus: its tag, its accessible text, and whether it is <body>. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      body: active === null || active === document.body,
      tag: active?.tagName.toLowerCase() ?? '',
      // (Cut short: <body>'s text is the whole page.)
      text: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim().slice(0, 80),
    };
  });

describe('focus kept in its place', () => {
  it('stays in the address list when a deleted card takes the dialog trigger with it', async () => {
    const token = await newCustomer();
    await inFreshPage(browser, async (page) => {
      await page.context().addInitScript((value) => localStorage.setItem('authToken', value), token);
      await page.goto('/profile/address');
      const remove = page.getByRole('button', { name: 'Delete Work address' });
      await remove.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
      await dialog.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Address deleted.').waitFor();
      await remove.waitFor({ state: 'detached' });
      // Not <body>: the remaining address's first control, in the list where the card was.
      await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'button', text: 'Edit Home address' });
    });
  });

  it("moves to the new page's heading when a link inside the page replaced it", async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/');
      const category = page.getByTestId('home-categories').getByRole('link').first();
      await category.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products');
      await expect.poll(async () => (await focused(page)).tag).toBe('h1');
      expect((await focused(page)).text).toBe(await page.getByRole('heading', { level: 1 }).innerText());
    });
  });

  it("gives focus back to a phone's menu button when its drawer closes, the first time too", async () => {
    await inFreshPage(
      browser,
      async (page) => {
        await page.goto('/products');
        const open = page.getByRole('button', { name: 'Open navigation' });
        for (const time of ['first', 'second']) {
          await open.focus();
          await page.keyboard.press('Enter');
          const drawer = page.getByRole('dialog');
          await drawer.waitFor();
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'detached' });
          await expect
            .poll(() => focused(page), { message: time })
            .toEqual({ body: false, tag: 'button', text: 'Open navigation' });
        }
      },
      viewports.mobile,
    );
  });

  it('stays on Continue when the server refuses the postcode (the button was disabled for a moment)', async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/products');
      await page.getByRole('button', { name: /^Order type and location/ }).click();
      const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
      await modal.getByRole('button', { name: 'Delivery Order' }).click();
      const postcode = modal.getByLabel('Delivery postcode');
      // Well formed, known, and far outside the radius: only the server can say so.
      await postcode.fill('M1 1AE');
      await postcode.press('Tab');
      const next = modal.getByRole('button', { name: 'Continue' });
      await next.focus();
      await page.keyboard.press('Enter');
      await modal.getByText('DELIVERY SERVICE UNAVAILABLE IN "M1 1AE"').waitFor();
      await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'button', text: 'Continue' });
      // Still there a moment later (nothing moves it on afterwards).
      await page.waitForTimeout(300);
      expect(await focused(page)).toEqual({ body: false, tag: 'button', text: 'Continue' });
    });
  });

  it('opens the Sign In/Register menu on its first item, and gives focus back on Escape', async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/products');
      const button = page.getByRole('button', { name: 'Sign In/Register' });
      await button.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      // A menu button's menu opens on its first item, which a screen reader names.
      await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'a', text: 'Customer Login' });
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'a', text: 'Merchant Login' });
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'button', text: 'Sign In/Register' });
    });
  });

  it('moves to the product page heading when a search suggestion is picked with the keyboard', async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/');
      await page.waitForSelector('html[data-hydrated="true"]');
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.focus();
      await search.pressSequentially('apple', { delay: 20 });
      const first = page.getByTestId('search-dropdown').getByRole('option').first();
      await first.waitFor();
      const name = (await first.innerText()).split('\n')[0]!.trim();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/product\//);
      // Not <body>: the next Tab would start again from the top of the page.
      await expect.poll(async () => (await focused(page)).tag).toBe('h1');
      // The suggestion names the variation too ("... 1 litre"); the heading, the product.
      expect(name.startsWith((await focused(page)).text)).toBe(true);
    });
  });

  it("gives focus back to the phone's menu button when the category drawer is closed with Escape", async () => {
    await inFreshPage(
      browser,
      async (page) => {
        await page.goto('/products');
        await page.waitForSelector('html[data-hydrated="true"]');
        // All by keyboard, as last session's audit went (it saw focus lost; the focus rescue
        // gives it to the menu button, the earlier focus still on the page): Enter on the menu
        // button, Tab to the category button, Enter; then Escape.
        await page.getByRole('button', { name: 'Open navigation' }).focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.waitFor();
        const toCategories = menu.getByRole('button', { name: 'Shop by category' });
        for (let press = 0; press < 5 && !(await toCategories.evaluate((b) => b === document.activeElement)); press++) {
          await page.keyboard.press('Tab');
        }
        await page.keyboard.press('Enter');
        const categories = page.getByRole('dialog', { name: 'Shop by category' });
        await categories.waitFor();
        await categories.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
        await page.keyboard.press('Escape');
        await categories.waitFor({ state: 'detached' });
        await expect.poll(() => focused(page)).toEqual({ body: false, tag: 'button', text: 'Open navigation' });
        expect(await page.getByRole('dialog').count()).toBe(0);
      },
      viewports.mobile,
    );
  });

  it('rings a text field that has keyboard focus, as it does buttons', async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/auth/login');
      const email = page.getByRole('textbox', { name: 'E-mail' });
      await email.focus();
      const ring = () =>
        page.evaluate(() => {
          const box = document.activeElement as HTMLElement;
          const style = getComputedStyle(box.closest('.mantine-Input-input') ?? box);
          return { style: style.outlineStyle, width: style.outlineWidth };
        });
      expect(await ring()).toEqual({ style: 'solid', width: '2px' });
      // The password field's input sits inside the styled box: the box rings.
      await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
      const box = await page.evaluate(() => {
        const wrapper = document.activeElement?.closest('.mantine-Input-input') as HTMLElement;
        return getComputedStyle(wrapper).outlineWidth;
      });
      expect(box).toBe('2px');
    });
  });

  it("keeps a guest's Tab inside the phone's menu drawer, round and round", async () => {
    await inFreshPage(
      browser,
      async (page) => {
        await page.goto('/products');
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog');
        await drawer.waitFor();
        const inDrawer = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
        // More presses than the drawer has controls: focus wraps, never leaves for the page behind.
        const seen = new Set<string>();
        for (let press = 0; press < 30; press++) {
          await page.keyboard.press('Tab');
          expect(await inDrawer(), `Tab ${press + 1}: ${JSON.stringify(await focused(page))}`).toBe(true);
          seen.add((await focused(page)).text);
        }
        expect(seen).toContain('Sign In/Register');
        expect(seen).not.toContain('Logout');
      },
      viewports.mobile,
    );
  });

  it("scrolls a phone's account link reached with Tab whole into its row", async () => {
    const token = await newCustomer();
    await inFreshPage(
      browser,
      async (page) => {
        await page.context().addInitScript((value) => localStorage.setItem('authToken', value), token);
        await page.goto('/profile');
        const row = page.getByRole('navigation', { name: 'My account' });
        const link = row.getByRole('link', { name: 'Support tickets' });
        // Reached as a keyboard reaches it, from the link before: the browser scrolls a link
        // tabbed to only until some of it shows.
        await row.getByRole('link', { name: 'Track order' }).focus();
        await page.keyboard.press('Tab');
        await expect.poll(() => link.evaluate((element) => element === document.activeElement)).toBe(true);
        const inRow = () =>
          link.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const frame = (element.parentElement as HTMLElement).getBoundingClientRect();
            return box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5;
          });
        await expect.poll(inRow).toBe(true);
      },
      viewports.mobile,
    );
  });

  it('says an order address that is not a number is no order, at once and in the title', async () => {
    const token = await newCustomer();
    await inFreshPage(browser, async (page) => {
      await page.context().addInitScript((value) => localStorage.setItem('authToken', value), token);
      await page.goto('/profile/orders/abc');
      await page.getByText('Order not found', { exact: true }).waitFor();
      await expect.poll(() => page.title()).toMatch(/^Order not found/);
      expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    });
  });
});
