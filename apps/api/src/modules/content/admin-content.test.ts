import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeShop, signUpAs } from '../../test/manage-fixtures';
import { pngClaiming, realImage } from '../../test/test-images';
import { bearer, multipartPayload } from '../../test/test-support';

/**
 * The platform's editorial content (`/api/admin/sliders`, `pages`, `blog-categories`,
 * `blog-posts`, `deals`, `content-images`). The public reply cache is ON here (unlike other API
 * tests): every storefront read is asked twice first, so the cache holds it, and must still show
 * an admin's write on the very next request.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_REPLY_CACHE_SECONDS: '30' } });
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
}, 60_000);
afterAll(async () => t?.close());

function as(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}
const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(admin, method, url, payload);

/** An anonymous storefront read, as a shopper's browser makes it. */
const storefront = (url: string) => t.app.inject({ method: 'GET', url });
const fromCache = (res: LightMyRequestResponse) => res.headers.age !== undefined;

/** Reads a storefront URL until the reply cache answers it, so the next read proves the cache was dropped. */
async function cached(url: string): Promise<void> {
  await storefront(url);
  const again = await storefront(url);
  expect(fromCache(again), `${url} should be served from the reply cache`).toBe(true);
}

/** The envelope of a refused write: status false, the code, and the fields named. */
function expectRefused(res: LightMyRequestResponse, status: number, code: string, fields: string[] = []) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ status: false, code });
  expect(typeof body.message).toBe('string');
  for (const field of fields) expect(Object.keys(body.errors), res.body).toContain(field);
}

/**
 * Deletes the object at `url` and checks the reply: the message, and as payload the object as it
 * was just before, exactly as GET answered it (the contract's "the object"). Answers that payload.
 */
async function deleteAnswersObject(url: string, message: string) {
  const before = await adminCall('GET', url);
  expect(before.statusCode, before.body).toBe(200);
  const deleted = await adminCall('DELETE', url);
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(deleted.json()).toMatchObject({ status: true, message });
  expect(deleted.json().data).toEqual(before.json().data);
  return deleted.json().data;
}

async function uploadImage(bytes: Buffer, name = 'picture.png', token = admin) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), name);
  const upload = await multipartPayload(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/content-images',
    headers: { ...bearer(token), ...upload.headers },
    payload: upload.payload,
  });
}

describe('admin content pictures', () => {
  it('stores a picture checked by its bytes, size and pixel count, and serves it', async () => {
    const good = await uploadImage(await realImage(1600, 500));
    expect(good.statusCode, good.body).toBe(201);
    const image = good.json().data.image;
    expect(image).toMatchObject({ width: 1600, height: 500 });
    expect(image.url).toMatch(/^\/uploads\/content\/content-[0-9a-f]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    // The stored file is our re-encoding (lib/images.test.ts): compare what it shows, not its bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1600, height: 500 });

    // A script with a picture's name, a picture too large to decode, a file too heavy, no file.
    expectRefused(await uploadImage(Buffer.from('<svg onload=alert(1)>'), 'evil.png'), 422, 'image_invalid', ['image']);
    expectRefused(await uploadImage(pngClaiming(10_000, 10_000), 'huge.png'), 422, 'image_invalid', ['image']);
    const heavy = Buffer.concat([await realImage(100, 100), Buffer.alloc(5 * 1024 * 1024)]);
    const tooHeavy = await uploadImage(heavy, 'heavy.png');
    expectRefused(tooHeavy, 422, 'image_invalid', ['image']);
    expect(tooHeavy.json().message).toMatch(/at most 5 MB/);
    expectRefused(await adminCall('POST', '/api/admin/content-images', { image: 'x' }), 422, 'image_invalid', [
      'image',
    ]);
  });
});

describe('admin sliders', () => {
  it('creates, lists, changes and deletes slides, and the home page follows on the next request', async () => {
    await cached('/api/home');
    const created = await adminCall('POST', '/api/admin/sliders', {
      type: 'home_page_slide',
      title: 'Spring on the parade',
      caption: 'Asparagus is in',
      image: '/uploads/content/spring.png',
      link: '/products',
      position: 3,
      // Unknown fields are dropped, never written.
      id: 424242,
      created_at: '2001-01-01T00:00:00Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    const slider = created.json().data.slider;
    expect(slider).toMatchObject({
      type: 'home_page_slide',
      title: 'Spring on the parade',
      caption: 'Asparagus is in',
      mobile_image: null,
      link: '/products',
      position: 3,
      is_active: true,
    });
    expect(slider.id).not.toBe(424242);
    expect(slider.created_at.startsWith('2001')).toBe(false);

    const home = await storefront('/api/home');
    expect(fromCache(home)).toBe(false);
    expect(home.json().data.sliders).toContainEqual(
      expect.objectContaining({ id: slider.id, title: 'Spring on the parade', image: '/uploads/content/spring.png' }),
    );

    const banner = await adminCall('POST', '/api/admin/sliders', {
      type: 'home_banner',
      title: 'Free collection',
      image: 'https://cdn.example.test/banner.png',
    });
    expect(banner.statusCode, banner.body).toBe(201);
    const list = await adminCall('GET', '/api/admin/sliders?type=home_banner&search=collection');
    expect(list.json().data).toMatchObject({ total: 1, current_page: 1, per_page: 20 });
    expect(list.json().data.data[0].id).toBe(banner.json().data.slider.id);
    const byPosition = await adminCall('GET', '/api/admin/sliders?sort=-position');
    expect(byPosition.json().data.data[0].id).toBe(slider.id);
    expectRefused(await adminCall('GET', '/api/admin/sliders?sort=colour'), 422, 'validation_failed', ['sort']);
    expectRefused(await adminCall('GET', '/api/admin/sliders?per_page=101'), 422, 'validation_failed', ['per_page']);

    await cached('/api/home');
    const hidden = await adminCall('PUT', `/api/admin/sliders/${slider.id}`, { is_active: false, caption: '' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data.slider).toMatchObject({ is_active: false, caption: null, title: 'Spring on the parade' });
    const after = (await storefront('/api/home')).json().data.sliders.map((s: { id: number }) => s.id);
    expect(after).not.toContain(slider.id);
    expect(after).toContain(banner.json().data.slider.id);

    await cached('/api/home');
    const deleted = await deleteAnswersObject(`/api/admin/sliders/${banner.json().data.slider.id}`, 'Slide deleted.');
    expect(deleted.slider).toMatchObject({
      id: banner.json().data.slider.id,
      type: 'home_banner',
      title: 'Free collection',
      image: 'https://cdn.example.test/banner.png',
      is_active: true,
    });
    expect((await storefront('/api/home')).json().data.sliders).toEqual([]);
    expectRefused(await adminCall('DELETE', `/api/admin/sliders/${banner.json().data.slider.id}`), 404, 'not_found');
    expectRefused(await adminCall('PUT', '/api/admin/sliders/999999', { title: 'x' }), 404, 'not_found');
  });

  it('refuses a slide without a title or picture, or with a script link, naming the fields', async () => {
    expectRefused(
      await adminCall('POST', '/api/admin/sliders', { type: 'home_page_slide', title: '  ', image: '' }),
      422,
      'validation_failed',
      ['title', 'image'],
    );
    expectRefused(
      await adminCall('POST', '/api/admin/sliders', {
        type: 'carousel',
        title: 'A',
        image: '//evil.example/x.png',
        link: 'javascript:alert(1)',
        mobile_image: 'data:image/png;base64,AAAA',
      }),
      422,
      'validation_failed',
      ['type', 'image', 'link', 'mobile_image'],
    );
  });
});

describe('admin pages and their settings rows', () => {
  it('creates a page with sanitised settings, replaces them, and /api/pages follows at once', async () => {
    await cached('/api/pages');
    const created = await adminCall('POST', '/api/admin/pages', {
      title: 'Delivery',
      settings: [
        { section: 'banner', key: 'title', value: 'Delivery and collection' },
        { section: 'banner', key: 'image', value: '/uploads/content/delivery.png', value_type: 'image' },
        {
          section: 'intro',
          key: 'content',
          value: '<p onclick="steal()">We deliver <strong>within 3 miles</strong>.</p><script>steal()</script>',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data.page;
    expect(page).toMatchObject({ slug: 'delivery', title: 'Delivery' });
    expect(page.settings.map((s: { key: string; position: number }) => [s.key, s.position])).toEqual([
      ['title', 0],
      ['image', 1],
      ['content', 2],
    ]);
    expect(page.settings[2].value).toBe('<p>We deliver <strong>within 3 miles</strong>.</p>');
    expect(page.settings[1]).toMatchObject({ value_type: 'image', value: '/uploads/content/delivery.png' });

    const pages = (await storefront('/api/pages')).json().data as { slug: string; settings: unknown[] }[];
    expect(pages.find((p) => p.slug === 'delivery')?.settings).toHaveLength(3);

    await cached('/api/pages');
    const changed = await adminCall('PUT', `/api/admin/pages/${page.id}`, {
      settings: [{ section: 'intro', key: 'content', value: '<p>Collection only this week.</p>' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.page).toMatchObject({ title: 'Delivery', slug: 'delivery' });
    expect(changed.json().data.page.settings).toEqual([
      expect.objectContaining({ section: 'intro', key: 'content', value: '<p>Collection only this week.</p>' }),
    ]);
    const fresh = (await storefront('/api/pages')).json().data as { slug: string; settings: { value: string }[] }[];
    expect(fresh.find((p) => p.slug === 'delivery')?.settings.map((s) => s.value)).toEqual([
      '<p>Collection only this week.</p>',
    ]);

    // Linked from the footer only when the admin says so; a change of settings alone keeps the choice.
    expect(page.in_footer).toBe(false);
    const footerOf = async () =>
      ((await storefront('/api/pages')).json().data as { slug: string; in_footer: boolean }[]).find(
        (p) => p.slug === 'delivery',
      )?.in_footer;
    expect(await footerOf()).toBe(false);
    await cached('/api/pages');
    const linked = await adminCall('PUT', `/api/admin/pages/${page.id}`, { in_footer: true });
    expect(linked.json().data.page.in_footer).toBe(true);
    expect(await footerOf()).toBe(true);
    await adminCall('PUT', `/api/admin/pages/${page.id}`, { title: 'Delivery and collection' });
    expect(await footerOf()).toBe(true);

    expect(
      (await adminCall('GET', '/api/admin/pages?search=deliv')).json().data.data.map((p: { id: number }) => p.id),
    ).toEqual([page.id]);
    expectRefused(
      await adminCall('POST', '/api/admin/pages', { title: 'Delivery again', slug: 'delivery' }),
      409,
      'slug_taken',
      ['slug'],
    );
    expectRefused(
      await adminCall('PUT', `/api/admin/pages/${page.id}`, {
        settings: [
          { section: 'intro', key: 'content', value: 'a' },
          { section: 'intro', key: 'content', value: 'b' },
          { section: 'banner', key: 'image', value: 'javascript:alert(1)', value_type: 'image' },
          { section: 'bad section', key: '', value: 'c' },
        ],
      }),
      422,
      'validation_failed',
      ['settings.1.key', 'settings.2.value', 'settings.3.section', 'settings.3.key'],
    );

    await cached('/api/pages');
    const deleted = await deleteAnswersObject(`/api/admin/pages/${page.id}`, 'Page deleted.');
    expect(deleted.page).toMatchObject({
      id: page.id,
      slug: 'delivery',
      title: 'Delivery and collection',
      in_footer: true,
    });
    expect(deleted.page.settings).toEqual([
      expect.objectContaining({ section: 'intro', key: 'content', value: '<p>Collection only this week.</p>' }),
    ]);
    const gone = (await storefront('/api/pages')).json().data as { slug: string }[];
    expect(gone.map((p) => p.slug)).not.toContain('delivery');
    expectRefused(await adminCall('GET', `/api/admin/pages/${page.id}`), 404, 'not_found');
  });
});

describe('admin blog', () => {
  it('stores a post with its HTML sanitised, keeps drafts off the blog, and publishes on the next request', async () => {
    const category = await adminCall('POST', '/api/admin/blog-categories', { name: 'Seasonal Recipes' });
    expect(category.statusCode, category.body).toBe(201);
    const blogCategory = category.json().data.blog_category;
    expect(blogCategory).toMatchObject({ slug: 'seasonal-recipes', posts_count: 0 });

    await cached('/api/blog');
    const created = await adminCall('POST', '/api/admin/blog-posts', {
      title: 'Rhubarb & Custard Tart',
      category_id: blogCategory.id,
      body:
        '<h2>Forced rhubarb</h2><p>Pink <strong>and</strong> <em>sharp</em>, with <a href="https://example.test/r" target="_blank">a recipe</a>.</p>' +
        '<script>alert("xss")</script><img src="https://example.test/tart.png" alt="Tart" onerror="alert(1)">' +
        '<p><a href="javascript:alert(2)">click</a></p><iframe src="https://evil.test"></iframe>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data.blog_post;
    expect(post).toMatchObject({
      slug: 'rhubarb-custard-tart',
      status: 'draft',
      published_at: null,
      author: 'Test Shopper',
      category: { id: blogCategory.id, slug: 'seasonal-recipes' },
    });
    expect(post.body).toContain('<h2>Forced rhubarb</h2><p>Pink <strong>and</strong> <em>sharp</em>');
    expect(post.body).toContain('<a href="https://example.test/r" target="_blank" rel="noopener noreferrer">');
    expect(post.body).toContain('<img src="https://example.test/tart.png" alt="Tart" />');
    for (const bad of ['<script', 'alert(', 'onerror', 'javascript:', '<iframe']) expect(post.body).not.toContain(bad);
    // What is stored is the cleaned HTML, not only what is served.
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row?.body).toBe(post.body);
    expect(post.excerpt).toBe('Forced rhubarb Pink and sharp, with a recipe. click');

    // A draft is not on the blog.
    const draftBlog = await storefront('/api/blog');
    expect(draftBlog.json().posts.data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    expect((await storefront(`/api/blog/${post.slug}`)).statusCode).toBe(404);

    await cached('/api/blog');
    await cached(`/api/blog?category=${blogCategory.slug}`);
    const published = await adminCall('PUT', `/api/admin/blog-posts/${post.id}`, {
      published_at: new Date(Date.now() - 1000).toISOString(),
      excerpt: 'A sharp spring tart.',
      author: 'Amira at Green Barrow',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.blog_post).toMatchObject({ status: 'published', author: 'Amira at Green Barrow' });
    const blog = (await storefront('/api/blog')).json();
    expect(blog.posts.data[0]).toMatchObject({ id: post.id, excerpt: 'A sharp spring tart.' });
    expect(blog.latestPost[0].id).toBe(post.id);
    const inCategory = (await storefront(`/api/blog?category=${blogCategory.slug}`)).json();
    expect(inCategory.posts.total).toBe(1);
    const page = (await storefront(`/api/blog/${post.slug}`)).json().data.post;
    expect(page.body).toBe(post.body);

    const scheduled = await adminCall('PUT', `/api/admin/blog-posts/${post.id}`, {
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.json().data.blog_post.status).toBe('scheduled');
    expect((await storefront(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    const list = await adminCall('GET', `/api/admin/blog-posts?status=scheduled&category_id=${blogCategory.id}`);
    expect(list.json().data.data.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect((await adminCall('GET', '/api/admin/blog-posts?status=draft')).json().data.total).toBe(0);

    // The list counts each category's own posts: two more posts here make three.
    for (const title of ['Winter Soups', 'Spring Greens']) {
      const more = await adminCall('POST', '/api/admin/blog-posts', {
        title,
        category_id: blogCategory.id,
        body: '<p>More to read.</p>',
      });
      expect(more.statusCode, more.body).toBe(201);
    }
    const listed = (await adminCall('GET', '/api/admin/blog-categories?per_page=100')).json().data.data as {
      id: number;
      posts_count: number;
    }[];
    for (const category of listed) {
      const direct = await t.database.db.select().from(blogPosts).where(eq(blogPosts.categoryId, category.id));
      expect(category.posts_count, `category ${category.id}`).toBe(direct.length);
    }
    expect(listed.find((c) => c.id === blogCategory.id)?.posts_count).toBe(3);
    for (const extra of await t.database.db.select().from(blogPosts).where(eq(blogPosts.categoryId, blogCategory.id))) {
      if (extra.id !== post.id) await adminCall('DELETE', `/api/admin/blog-posts/${extra.id}`);
    }

    // The category cannot go while it has posts; once they are gone, it can.
    const refused = await adminCall('DELETE', `/api/admin/blog-categories/${blogCategory.id}`);
    expectRefused(refused, 409, 'blog_category_not_empty');
    expect(refused.json().message).toBe('Seasonal Recipes still has 1 post: move or delete them first.');
    expect(
      (await adminCall('GET', `/api/admin/blog-categories/${blogCategory.id}`)).json().data.blog_category.posts_count,
    ).toBe(1);
    const deletedPost = await deleteAnswersObject(`/api/admin/blog-posts/${post.id}`, 'Post deleted.');
    expect(deletedPost.blog_post).toMatchObject({
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: 'scheduled',
      author: 'Amira at Green Barrow',
      category: { id: blogCategory.id, name: 'Seasonal Recipes' },
    });
    const deletedCategory = await deleteAnswersObject(
      `/api/admin/blog-categories/${blogCategory.id}`,
      'Blog category deleted.',
    );
    expect(deletedCategory.blog_category).toMatchObject({
      id: blogCategory.id,
      name: 'Seasonal Recipes',
      slug: blogCategory.slug,
      posts_count: 0,
    });
    expectRefused(await adminCall('GET', `/api/admin/blog-posts/${post.id}`), 404, 'not_found');
  });

  it('refuses a post with no words, an unknown category or a bad cover, naming the fields', async () => {
    const category = (await adminCall('POST', '/api/admin/blog-categories', { name: 'News' })).json().data
      .blog_category;
    expectRefused(
      await adminCall('POST', '/api/admin/blog-posts', {
        title: '',
        category_id: category.id,
        body: '<p>   </p>',
        cover_image: 'javascript:alert(1)',
        published_at: 'tomorrow',
      }),
      422,
      'validation_failed',
      ['title', 'body', 'cover_image', 'published_at'],
    );
    // Only a script: empty once sanitised on the server.
    expectRefused(
      await adminCall('POST', '/api/admin/blog-posts', {
        title: 'Sneaky',
        category_id: category.id,
        body: '<script>document.write("hello")</script>',
      }),
      422,
      'validation_failed',
      ['body'],
    );
    expectRefused(
      await adminCall('POST', '/api/admin/blog-posts', { title: 'Lost', category_id: 999999, body: '<p>Hi</p>' }),
      422,
      'validation_failed',
      ['category_id'],
    );
    const first = await adminCall('POST', '/api/admin/blog-posts', {
      title: 'Market day',
      category_id: category.id,
      body: '<p>Hi</p>',
    });
    expect(first.statusCode).toBe(201);
    const second = await adminCall('POST', '/api/admin/blog-posts', {
      title: 'Market day',
      category_id: category.id,
      body: '<p>Again</p>',
    });
    expect(second.json().data.blog_post.slug).toBe('market-day-2');
    expectRefused(
      await adminCall('PUT', `/api/admin/blog-posts/${second.json().data.blog_post.id}`, { slug: 'market-day' }),
      409,
      'slug_taken',
      ['slug'],
    );
    expectRefused(
      await adminCall('POST', '/api/admin/blog-categories', { name: 'News again', slug: 'news' }),
      409,
      'slug_taken',
      ['slug'],
    );
  });
});

describe('admin platform deals', () => {
  it('creates, changes and deletes deals, and /api/ubm-offers follows at once', async () => {
    const shop = await makeShop(t.database, { name: 'Deal Test Grocer' });
    await cached('/api/ubm-offers');
    const created = await adminCall('POST', '/api/admin/deals', {
      title: 'Punnet season',
      description: 'Any two punnets for £3.',
      badge: '2 for £3',
      link: '/vendor/deal-test-grocer',
      shop_id: shop.id,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json().data.deal;
    expect(deal).toMatchObject({
      title: 'Punnet season',
      badge: '2 for £3',
      image: null,
      shop: { id: shop.id, name: 'Deal Test Grocer' },
      is_active: true,
      is_live: true,
    });
    const offers = (await storefront('/api/ubm-offers')).json().data;
    expect(offers.data.map((d: { id: number }) => d.id)).toContain(deal.id);

    // A suspended shop's deal stays, not live; the platform-wide list tells the admin so.
    await t.database.db.update(shops).set({ isActive: false }).where(eq(shops.id, shop.id));
    expect((await adminCall('GET', `/api/admin/deals/${deal.id}`)).json().data.deal.is_live).toBe(false);
    await t.database.db.update(shops).set({ isActive: true }).where(eq(shops.id, shop.id));

    await cached('/api/ubm-offers');
    const paused = await adminCall('PUT', `/api/admin/deals/${deal.id}`, { is_active: false, shop_id: null });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.deal).toMatchObject({ is_active: false, is_live: false, shop: null });
    expect((await storefront('/api/ubm-offers')).json().data.data.map((d: { id: number }) => d.id)).not.toContain(
      deal.id,
    );

    const list = await adminCall('GET', '/api/admin/deals?search=punnet&sort=-ends_at');
    expect(list.json().data.data.map((d: { id: number }) => d.id)).toEqual([deal.id]);

    // The end must follow the start, in the fields sent and against the row as stored.
    expectRefused(
      await adminCall('POST', '/api/admin/deals', {
        title: 'Backwards',
        description: 'Ends before it starts.',
        starts_at: '2030-02-01T00:00:00Z',
        ends_at: '2030-01-01T00:00:00Z',
      }),
      422,
      'validation_failed',
      ['ends_at'],
    );
    expectRefused(
      await adminCall('PUT', `/api/admin/deals/${deal.id}`, {
        ends_at: new Date(Date.now() - 86_400_000).toISOString(),
      }),
      422,
      'validation_failed',
      ['ends_at'],
    );
    expectRefused(
      await adminCall('POST', '/api/admin/deals', { title: 'Nowhere', description: 'No such shop.', shop_id: 999999 }),
      422,
      'validation_failed',
      ['shop_id'],
    );
    expectRefused(
      await adminCall('POST', '/api/admin/deals', { title: '', badge: 'x'.repeat(41) }),
      422,
      'validation_failed',
      ['title', 'description', 'badge'],
    );

    const deleted = await deleteAnswersObject(`/api/admin/deals/${deal.id}`, 'Deal deleted.');
    expect(deleted.deal).toMatchObject({
      id: deal.id,
      title: 'Punnet season',
      badge: '2 for £3',
      is_active: false,
      is_live: false,
      shop: null,
    });
    expectRefused(await adminCall('DELETE', `/api/admin/deals/${deal.id}`), 404, 'not_found');
  });
});

describe('admin site settings', () => {
  it('a saved setting is on GET app/setting at the next request, although that reply is cached', async () => {
    await cached('/api/app/setting');
    const saved = await adminCall('PUT', '/api/admin/settings', { site_title: 'Parade on the Parade' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storefront('/api/app/setting')).json().settings.site_title).toBe('Parade on the Parade');
  });
});

describe('the content calls in the OpenAPI document', () => {
  it('lists every content route with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['sliders', 'pages', 'blog-categories', 'blog-posts', 'deals']) {
      expect(Object.keys(doc.paths[`/api/admin/${path}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/admin/${path}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
      expect(doc.paths[`/api/admin/${path}`].post.requestBody).toBeDefined();
    }
    expect(doc.paths['/api/admin/content-images'].post).toBeDefined();
  });
});
