import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 11's acceptance, end to end: a shopper asks to open a shop, the platform admin accepts
 * it in this site, the new shopkeeper signs in here, adds a product with a variation and a
 * picture, publishes it, and the storefront lists it and finds it in search at once.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// A 2x2 PNG: the server checks pictures by content, so it must be a real image.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

interface ProductsReply {
  products: { data: { name: string; price: number; shop: { slug: string; name: string }; thumbnail: string | null }[] };
}
type SearchHit = { full_name: string; price: number; product: { shop: { name: string; slug: string } } };

describe('a new shop, from request to storefront', () => {
  it('is accepted by the admin, and its shopkeeper’s first product reaches the storefront lists and search', async () => {
    const baseURL = e2eServer().baseURL;
    const stamp = Date.now();
    const shopName = `Nightingale Preserves ${stamp}`;
    const productName = `Damson Jam ${stamp}`;
    const person = {
      name: 'Nia Nightingale',
      email: `nia.${stamp}@example.test`,
      password: 'jam jars on the windowsill',
    };

    // 1. A shopper signs up and asks for a shop, through the API as the storefront would.
    const registered = await api<{ access_token: string }>(baseURL, 'auth/register', {
      method: 'POST',
      body: { ...person, password_confirmation: person.password },
    });
    expect(registered.status).toBe(201);
    const asked = await api<{ id: number; status: string }>(baseURL, 'user/shop-create-request', {
      method: 'POST',
      token: registered.body.data.access_token,
      body: {
        shop_name: shopName,
        description: 'Jams and chutneys from our own orchard.',
        address: '8 Columbia Road',
        postcode: 'E2 7RG',
        phone: '020 7946 0555',
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.data.status).toBe('pending');

    // 2. The platform admin accepts it in the admin site.
    const admin = await newPage(browser);
    try {
      await signIn(admin.page, accounts.admin);
      await admin.page.getByText('Shop requests waiting').waitFor();
      await admin.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Shop requests' })
        .click();
      const row = admin.page.getByRole('row', { name: new RegExp(shopName) });
      await row.waitFor();
      await row.getByRole('button', { name: `Accept ${shopName}` }).click();
      await admin.page
        .getByRole('dialog', { name: 'Accept this shop request?' })
        .getByRole('button', { name: 'Accept and create the shop' })
        .click();
      await admin.page.getByText(`${shopName} is open: ${person.name} can sign in here now.`).waitFor();
    } finally {
      await admin.context.close();
    }
    // The requester is told by e-mail at once (the test server sends through a local SMTP capture).
    const adminLogin = await api<{ access_token: string }>(baseURL, 'auth/login', {
      method: 'POST',
      body: accounts.admin,
    });
    const acceptedMail = async () =>
      (
        await api<{ data: { kind: string; status: string }[] }>(
          baseURL,
          `admin/mail-outbox?search=${encodeURIComponent(person.email)}`,
          { token: adminLogin.body.data.access_token },
        )
      ).body.data.data.find((mail) => mail.kind === 'shop-request-accepted')?.status;
    await expect.poll(acceptedMail).toBe('sent');

    // 3. The new shopkeeper signs in to the admin site and lands on their own shop.
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, person);
      await page.getByText('Orders today').waitFor();
      expect(await page.getByTestId('shop-name').textContent()).toBe(shopName);

      // 4. A product with one variation, saved as a draft first.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.goto('/admin/vendor/products/new');
      await page.getByLabel(/^Product name/).fill(productName);
      await page.getByRole('switch', { name: /^Publish now/ }).setChecked(false, { force: true });
      await page.getByLabel(/^Variation name/).fill('340g jar');
      await page.getByLabel(/^SKU/).fill(`DJ-${stamp}`);
      await page.getByLabel(/^Price/).fill('4.25');
      await page.getByLabel(/^Stock/).fill('30');
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
      await page.getByText('Draft', { exact: true }).waitFor();

      // 5. Its picture: previewed, uploaded, shown as the variation's first picture.
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'damson.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: /New picture 1/ }).waitFor();
      await page.getByRole('button', { name: 'Upload 1 picture' }).click();
      await page.getByRole('img', { name: new RegExp(`${productName} 340g jar, picture 1`) }).waitFor();

      const search = encodeURIComponent(productName);
      const listed = async () =>
        (await api<ProductsReply>(baseURL, `products?search=${search}`)).body.data.products.data.find(
          (p) => p.name === productName,
        );
      // A draft is not on the storefront.
      expect(await listed()).toBeUndefined();

      // 6. Published: on the storefront's list and in its search on the next request.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published', { exact: true }).waitFor();
      await saveScreenshot(page, 'new-vendor-product-desktop');
    } finally {
      await context.close();
    }

    const card = (await api<ProductsReply>(baseURL, `products?search=${encodeURIComponent(productName)}`)).body.data
      .products.data[0];
    expect(card).toMatchObject({ name: productName, price: 425, shop: { name: shopName } });
    expect(card?.thumbnail).toMatch(/\/uploads\//);
    const hits = await api<SearchHit[]>(baseURL, 'search', { method: 'POST', body: { search: productName } });
    expect(hits.status).toBe(200);
    expect(hits.body.data[0]).toMatchObject({
      full_name: `${productName} 340g jar`,
      price: 425,
      product: { shop: { name: shopName } },
    });

    // 7. And a shopper sees it: in the product list, and in the header's search box.
    const shopper = await newPage(browser);
    try {
      await shopper.page.goto(`/products?search=${encodeURIComponent(productName)}`);
      await shopper.page.getByTestId('product-card').filter({ hasText: productName }).first().waitFor();
      await shopper.page.goto('/');
      const box = shopper.page.getByRole('combobox', { name: 'Search products' });
      await box.fill(productName);
      await shopper.page.getByTestId('search-option').filter({ hasText: productName }).first().waitFor();
      expect(await seriousA11yViolations(shopper.page)).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  });
});
