import type { Page } from 'playwright-core';

/** The demo accounts (apps/api/src/maintenance/seed/demo-users.ts, named in the README). */
export const accounts = {
  customer: { email: 'customer@parade.test', password: 'parade-customer-2026' },
  vendor: { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026', shopSlug: 'green-barrow' },
  otherVendor: { email: 'vendor.rise-and-crumb@parade.test', password: 'parade-vendor-2026' },
  admin: { email: 'admin@parade.test', password: 'parade-admin-2026' },
} as const;

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The API as a script: for arranging data and for checking the storefront's public answers. */
export async function api<T = unknown>(
  baseURL: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { status: boolean; data: T; message?: string } }> {
  const response = await fetch(`${baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      'x-forwarded-for': `10.67.${process.pid % 250}.1`,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as never };
}
