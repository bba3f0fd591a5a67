import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const publicBrandNames = async () => {
  const reply = await api<{ name: string }[]>(e2eServer().baseURL, 'brands');
  return reply.body.data.map((b) => b.name);
};

describe('platform content', () => {
  it('creates, renames and deletes a brand, and the storefront follows', async () => {
    const name = `Hackney Honey ${Date.now() % 100000}`;
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/content?tab=brands');
    await page.getByRole('table', { name: 'Brands' }).getByRole('row').nth(1).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    await dialog.getByRole('button', { name: 'Save brand' }).click();
    expect(await dialog.getByLabel(/^Name/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText(`${name} is saved.`).waitFor();
    expect(await publicBrandNames()).toContain(name);

    await page.getByRole('searchbox', { name: 'Search' }).fill('Hackney Honey');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Edit ${name}` })
      .getByLabel(/^Name/)
      .fill(`${name} Co`);
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText(`${name} Co is saved.`).waitFor();
    expect(await publicBrandNames()).toContain(`${name} Co`);

    await page.getByRole('button', { name: `Delete ${name} Co` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name} Co?` })
      .getByRole('button', { name: 'Delete brand' })
      .click();
    await page.getByText(`${name} Co is deleted.`).waitFor();
    expect(await publicBrandNames()).not.toContain(`${name} Co`);
    await context.close();
  });
});
