import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Track Your Order', () => {
  it('takes a signed-in customer to their orders', async () => {
    const login = await fetch(`${inject('baseURL')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@parade.test', password: 'parade-customer-2026' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
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
