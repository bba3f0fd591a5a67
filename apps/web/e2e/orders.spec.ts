import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Track Your Order', () => {
  it('takes a signed-in customer to their orders', async () => {
    // A new customer: the demo customer buys in checkout.spec, so its list is not empty for long.
    const password = 'orders e2e passphrase';
    const register = await fetch(`${e2eServer().baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.92.${process.pid % 250}.1` },
      body: JSON.stringify({
        name: 'Olive Orders',
        email: `olive.orders.${process.pid}.${Date.now()}@example.test`,
        password,
        password_confirmation: password,
      }),
    });
    const token = ((await register.json()) as { data: { access_token: string } }).data.access_token;
    const { page, context } = await newPage(browser);
    await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track Your Order' }).click();
    await page.getByRole('heading', { name: 'My orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/orders');
    await page.getByText('You have not placed any orders yet.').waitFor();
    await context.close();
  });
});
