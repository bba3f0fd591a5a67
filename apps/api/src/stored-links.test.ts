import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, shops, siteSettings, sliders } from './maintenance/schema';
import type { ShopSlide } from './modules/shops/shops.tables';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { signUpAs } from './test/manage-fixtures';
import { realImage } from './test/test-images';
import { bearer, multipartPayload } from './test/test-support';

/**
 * Every stored link or picture an API call writes and the storefront renders as an href or a
 * src (packages/core/src/safe-links.ts): a path of this site or an https address, never
 * `javascript:`, `data:`, `//host` or a whitespace trick; a vendor's slide pictures are its
 * shop's own uploads. A refused write changes nothing; rows stored before the rule are not served.
 */
let t: TestApp;
let admin: string;
let a: { token: string; shopId: number | null };
let b: { token: string; shopId: number | null };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  a = await signUpAs(t.app, t.database, 'vendor');
  b = await signUpAs(t.app, t.database, 'vendor');
}, 60_000);
afterAll(async () => t?.close());

function as(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

function expectRefused(res: LightMyRequestResponse, code: string, field: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body).toMatchObject({ status: false, code });
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors ?? {}), res.body).toContain(field);
}

/** Uploads a picture through a vendor call that stores files: the shop's banner, or an offer's picture. */
async function upload(token: string, url: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.append('image', new Blob([new Uint8Array(await realImage(32, 32))]), 'picture.png');
  const body = await multipartPayload(form);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

const offerPicture = async (token: string): Promise<string> => {
  const hour = 60 * 60 * 1000;
  const data = await upload(token, '/api/vendor-offers/vendor/offers', {
    title: 'Picture offer',
    description: 'With a picture',
    discount_type: 'fixed',
    discount_value: '100',
    starts_at: new Date(Date.now() - hour).toISOString(),
    ends_at: new Date(Date.now() + hour).toISOString(),
  });
  return data.offer.image;
};

const slidesOf = async (shopId: number | null) =>
  (
    await t.database.db
      .select({ slides: shops.slides })
      .from(shops)
      .where(eq(shops.id, shopId ?? 0))
  )[0]?.slides;

const slide = (values: Partial<ShopSlide>): ShopSlide => ({
  title: 'Fresh today',
  caption: 'From the barrow',
  image: '/uploads/demo/slides/a-1.svg',
  mobile_image: null,
  action_link: '/products',
  action_text: 'Shop now',
  ...values,
});

describe('PUT vendor/shop slides', () => {
  it('refuses javascript: links, data: and outside pictures, //host and whitespace tricks; nothing changes', async () => {
    const seeded = [
      slide({ image: '/uploads/demo/slides/a-1.svg', mobile_image: '/uploads/demo/slides-mobile/a-1.svg' }),
    ];
    await t.database.db
      .update(shops)
      .set({ slides: seeded })
      .where(eq(shops.id, a.shopId ?? 0));
    const put = (values: Partial<ShopSlide>) => as(a.token, 'PUT', '/api/vendor/shop', { slides: [slide(values)] });

    for (const [values, field] of [
      [{ action_link: 'javascript:alert(document.cookie)' }, 'slides.0.action_link'],
      [{ action_link: 'JaVaScRiPt:alert(1)' }, 'slides.0.action_link'],
      [{ action_link: 'java\tscript:alert(1)' }, 'slides.0.action_link'],
      [{ action_link: 'javascript&colon;alert(1)' }, 'slides.0.action_link'],
      [{ action_link: '//evil.test/login' }, 'slides.0.action_link'],
      [{ action_link: '/\t/evil.test' }, 'slides.0.action_link'],
      [{ action_link: 'http://evil.test/' }, 'slides.0.action_link'],
      [{ image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'slides.0.image'],
      [{ image: 'https://tracker.example/pixel.png' }, 'slides.0.image'],
      [{ image: '//tracker.example/pixel.png' }, 'slides.0.image'],
      [{ mobile_image: 'javascript:alert(1)' }, 'slides.0.mobile_image'],
      [{ mobile_image: '/uploads/offers/shop1-../../x.png' }, 'slides.0.mobile_image'],
    ] as const) {
      expectRefused(await put(values), 'validation_failed', field);
    }
    expect(await slidesOf(a.shopId)).toEqual(seeded);
  });

  it("refuses another shop's uploads and pictures, and saves its own upload and an https link", async () => {
    const seeded = [slide({ image: '/uploads/demo/slides/a-1.svg' })];
    await t.database.db
      .update(shops)
      .set({ slides: seeded })
      .where(eq(shops.id, a.shopId ?? 0));
    await t.database.db
      .update(shops)
      .set({ slides: [slide({ image: '/uploads/demo/slides/b-1.svg' })] })
      .where(eq(shops.id, b.shopId ?? 0));
    const theirBanner: string = (await upload(b.token, '/api/vendor/shop/banner')).shop.banner.url;
    const theirOffer = await offerPicture(b.token);
    const mine = await offerPicture(a.token);

    for (const [values, field] of [
      [{ image: theirBanner }, 'slides.0.image'],
      [{ image: theirOffer }, 'slides.0.image'],
      [{ mobile_image: theirOffer }, 'slides.0.mobile_image'],
      // Shop B's seeded slide picture is public, but not shop A's to show.
      [{ image: '/uploads/demo/slides/b-1.svg' }, 'slides.0.image'],
    ] as const) {
      const res = await as(a.token, 'PUT', '/api/vendor/shop', { slides: [slide(values)] });
      expectRefused(res, 'image_invalid', field);
    }
    expect(await slidesOf(a.shopId)).toEqual(seeded);

    const saved = await as(a.token, 'PUT', '/api/vendor/shop', {
      slides: [
        // Its seeded picture sent back as it is, and a picture it uploaded (here for an offer).
        slide({ image: '/uploads/demo/slides/a-1.svg', action_link: 'https://green-barrow.example/about' }),
        slide({ image: mine, mobile_image: '', action_link: '' }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.shop.slides).toEqual([
      slide({ image: '/uploads/demo/slides/a-1.svg', action_link: 'https://green-barrow.example/about' }),
      slide({ image: mine, mobile_image: null, action_link: null }),
    ]);
  });

  it('serves no unsafe link or picture stored before the rule', async () => {
    await t.database.db
      .update(shops)
      .set({
        slides: [
          slide({ action_link: '/\t/evil.test', mobile_image: 'javascript:alert(1)' }),
          slide({ action_link: 'javascript:alert(1)', image: 'http://evil.test/x.png' }),
          slide({ action_link: 'https://parade.test@evil.test/' }),
        ],
      })
      .where(eq(shops.id, a.shopId ?? 0));
    const [row] = await t.database.db
      .select({ slug: shops.slug })
      .from(shops)
      .where(eq(shops.id, a.shopId ?? 0));
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/${row?.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.slide.items).toMatchObject([
      { action_link: null, mobile_image: null },
      { action_link: null, image: '' },
      { action_link: null },
    ]);
  });
});

describe('admin content, settings, categories and brands', () => {
  it('refuses unsafe links and pictures on every stored field, and changes nothing', async () => {
    const blogCategory = (await as(admin, 'POST', '/api/admin/blog-categories', { name: 'News' })).json().data
      .blog_category.id;
    const slidersBefore = await t.database.db.select().from(sliders);
    const cases: [string, string, object, string][] = [
      ['POST', '/api/admin/sliders', { type: 'home_banner', title: 'A', image: 'http://cdn.example/a.png' }, 'image'],
      [
        'POST',
        '/api/admin/sliders',
        { type: 'home_banner', title: 'A', image: '/uploads/a.png', link: 'https://parade.test@evil.test/' },
        'link',
      ],
      [
        'POST',
        '/api/admin/sliders',
        { type: 'home_banner', title: 'A', image: '/uploads/a.png', mobile_image: '/&#47;evil.test/a.png' },
        'mobile_image',
      ],
      [
        'POST',
        '/api/admin/deals',
        { title: 'Deal', description: 'Half off', link: 'javascript:alert(1)//https://x' },
        'link',
      ],
      [
        'POST',
        '/api/admin/deals',
        { title: 'Deal', description: 'Half off', image: 'data:image/png;base64,AA' },
        'image',
      ],
      [
        'POST',
        '/api/admin/blog-posts',
        { title: 'Post', category_id: blogCategory, body: '<p>Hello</p>', cover_image: '//evil.test/a.png' },
        'cover_image',
      ],
      [
        'POST',
        '/api/admin/pages',
        {
          title: 'About',
          settings: [{ section: 'hero', key: 'picture', value: '/&#x2F;evil.test/a.png', value_type: 'image' }],
        },
        'settings.0.value',
      ],
      ['PUT', '/api/admin/settings', { site_logo_small: 'javascript:alert(1)' }, 'site_logo_small'],
      ['PUT', '/api/admin/settings', { site_logo_large: 'http://evil.test/logo.png' }, 'site_logo_large'],
      ['PUT', '/api/admin/settings', { facebook_url: 'http://facebook.com/x' }, 'facebook_url'],
      ['POST', '/api/admin/categories', { name: 'Bad picture', image: 'javascript:alert(1)' }, 'image'],
      ['POST', '/api/admin/brands', { name: 'Bad logo', logo: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'logo'],
    ];
    for (const [method, url, payload, field] of cases) {
      expectRefused(await as(admin, method as 'POST' | 'PUT', url, payload), 'validation_failed', field);
    }
    expect(await t.database.db.select().from(sliders)).toEqual(slidersBefore);
    expect(await t.database.db.select().from(categories).where(eq(categories.name, 'Bad picture'))).toEqual([]);
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'Bad logo'))).toEqual([]);
    const logo = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'site_logo_small'));
    expect(logo.every((row) => !row.value.includes('javascript'))).toBe(true);

    // The good shapes are still saved: a path of this site and an https address.
    const good = await as(admin, 'POST', '/api/admin/sliders', {
      type: 'home_banner',
      title: 'Good',
      image: '/uploads/content/good.png',
      link: 'https://parade.example/spring',
    });
    expect(good.statusCode, good.body).toBe(201);
    const settings = await as(admin, 'PUT', '/api/admin/settings', {
      site_logo_small: '/uploads/demo/logo.svg',
      facebook_url: 'https://www.facebook.com/parade.e1',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const category = await as(admin, 'POST', '/api/admin/categories', { name: 'Good', image: '/uploads/c.png' });
    expect(category.statusCode, category.body).toBe(201);
  });
});
