import { sliderTypes } from '@parade/core/catalog';
import type { BlogCategory, BlogPost, Deal, HomeData, PageContent, ProductList } from '@parade/core/catalog-dto';
import type { Paginated } from '@parade/core/envelope';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  blogCategories,
  blogPosts,
  contactMessages,
  deals,
  pageSettings,
  pages,
  siteSettings,
  sliders,
} from './content.tables';

let t: TestApp;

async function get<T>(
  url: string,
): Promise<{ status: number; body: { status: boolean; data: T } & Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const DAY = 24 * 60 * 60 * 1000;
const EVIL_BODY =
  '<p>Hello <strong>neighbours</strong></p><script>alert("x")</script>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(2)" onclick="steal()">click</a>' +
  '<a href="https://example.com" target="_blank">ok</a><iframe src="https://evil.test"></iframe>' +
  '<p style="position:fixed">styled</p>';

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/alert/);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/style=/i);
}

let evilPostSlug: string;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const db = t.database.db;
  const [category] = await db.select().from(blogCategories).orderBy(blogCategories.id).limit(1);
  evilPostSlug = 'a-post-with-a-script';
  await db.insert(blogPosts).values([
    {
      categoryId: category!.id,
      title: 'A post with a script',
      slug: evilPostSlug,
      excerpt: 'Careful',
      body: EVIL_BODY,
      author: 'Mallory',
      publishedAt: new Date(Date.now() - 60_000),
    },
    {
      categoryId: category!.id,
      title: 'Not yet',
      slug: 'scheduled-post',
      excerpt: 'Later',
      body: '<p>Later</p>',
      author: 'Parade Team',
      publishedAt: new Date(Date.now() + 5 * DAY),
    },
  ]);
});
afterAll(() => t.close());

describe('GET /api/home', () => {
  it('answers every part of the home page', async () => {
    const res = await get<HomeData>('/api/home');
    expect(res.status).toBe(200);
    const home = res.body.data;
    expect(Object.keys(home).sort()).toEqual(
      ['brands', 'categories', 'category_with_children', 'popular_products', 'products', 'sliders', 'vendors'].sort(),
    );
    const categories = (await get<HomeData['categories']>('/api/categories')).body.data;
    expect(home.categories).toEqual(categories);
    expect(home.category_with_children).toEqual(categories.filter((c) => c.sub_categories.length > 0));
    expect(home.category_with_children.length).toBeGreaterThan(0);
    expect(home.brands.length).toBeGreaterThan(10);
    const activeShops = await t.database.db.select().from(shops).where(eq(shops.isActive, true));
    expect(home.vendors.map((v) => v.slug).sort()).toEqual(activeShops.map((s) => s.slug).sort());
    for (const vendor of home.vendors) expect(vendor.logo?.url).toBeTruthy();

    const newest = (await get<ProductList>('/api/products?per_page=12')).body.data.products.data;
    expect(home.products.map((p) => p.id)).toEqual(newest.map((p) => p.id));
    const popular = (await get<ProductList>('/api/products?per_page=12&sort_by=best_selling')).body.data.products.data;
    expect(home.popular_products.map((p) => p.id)).toEqual(popular.map((p) => p.id));
    expect(home.popular_products).toHaveLength(12);
  });

  it('answers the active sliders of all three types, each with its mobile image field', async () => {
    await t.database.db
      .insert(sliders)
      .values({ type: 'home_banner', title: 'Switched off', image: '/x.svg', isActive: false });
    const home = (await get<HomeData>('/api/home')).body.data;
    for (const type of sliderTypes)
      expect(
        home.sliders.some((s) => s.type === type),
        type,
      ).toBe(true);
    for (const slide of home.sliders) {
      expect(slide).toHaveProperty('mobile_image');
      expect(slide.image).toMatch(/^\//);
    }
    expect(home.sliders.some((s) => s.mobile_image)).toBe(true);
    expect(home.sliders.map((s) => s.title)).not.toContain('Switched off');
  });
});

describe('GET /api/pages', () => {
  it('answers every static page with its settings', async () => {
    const res = await get<PageContent[]>('/api/pages');
    expect(res.status).toBe(200);
    const slugs = res.body.data.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['privacy-policy', 'terms-and-condition', 'contact']));
    const privacy = res.body.data.find((p) => p.slug === 'privacy-policy')!;
    expect(privacy.title).toBe('Privacy Policy');
    expect(privacy.settings.length).toBeGreaterThan(3);
    for (const s of privacy.settings) expect(Object.keys(s).sort()).toEqual(['key', 'section', 'value', 'value_type']);
    expect(privacy.settings.some((s) => s.value_type === 'image' && s.value.startsWith('/'))).toBe(true);
  });

  it('sanitises HTML values and drops unsafe image URLs', async () => {
    const [page] = await t.database.db.select().from(pages).where(eq(pages.slug, 'contact'));
    await t.database.db.insert(pageSettings).values([
      { pageId: page!.id, section: 'evil', key: 'content', value: EVIL_BODY, valueType: 'text', position: 99 },
      {
        pageId: page!.id,
        section: 'evil',
        key: 'image',
        value: 'javascript:alert(1)',
        valueType: 'image',
        position: 100,
      },
    ]);
    const contact = (await get<PageContent[]>('/api/pages')).body.data.find((p) => p.slug === 'contact')!;
    const content = contact.settings.find((s) => s.section === 'evil' && s.key === 'content')!;
    expectClean(content.value);
    expect(content.value).toContain('<strong>neighbours</strong>');
    expect(contact.settings.find((s) => s.section === 'evil' && s.key === 'image')!.value).toBe('');
  });
});

describe('GET /api/blog', () => {
  async function publishedPosts() {
    const rows = await t.database.db
      .select({ id: blogPosts.id, slug: blogPosts.slug, categoryId: blogPosts.categoryId, at: blogPosts.publishedAt })
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
    return rows.filter((r) => r.at !== null && r.at.getTime() <= Date.now());
  }

  it('pages 9 posts newest first at the top level, with the 3 latest posts', async () => {
    const posts = await publishedPosts();
    expect(posts.length).toBeGreaterThan(9);
    const res = await get<never>('/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body).not.toHaveProperty('data');
    const page = res.body.posts as Paginated<BlogPost>;
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 9,
      total: posts.length,
      last_page: Math.ceil(posts.length / 9),
    });
    expect(page.data.map((p) => p.slug)).toEqual(posts.slice(0, 9).map((p) => p.slug));
    expect((res.body.latestPost as BlogPost[]).map((p) => p.slug)).toEqual(posts.slice(0, 3).map((p) => p.slug));
    expect(page.data.map((p) => p.slug)).not.toContain('scheduled-post');

    const second = await get<never>('/api/blog?page=2');
    expect((second.body.posts as Paginated<BlogPost>).data.map((p) => p.slug)).toEqual(
      posts.slice(9, 18).map((p) => p.slug),
    );
    const beyond = await get<never>('/api/blog?page=99');
    expect((beyond.body.posts as Paginated<BlogPost>).data).toEqual([]);
    expect((beyond.body.latestPost as BlogPost[]).length).toBe(3);
  });

  it('filters by category slug; an unknown category is empty', async () => {
    const posts = await publishedPosts();
    const [category] = await t.database.db.select().from(blogCategories).where(eq(blogCategories.slug, 'recipes'));
    const res = await get<never>('/api/blog?category=recipes');
    const page = res.body.posts as Paginated<BlogPost>;
    expect(page.data.map((p) => p.slug)).toEqual(posts.filter((p) => p.categoryId === category!.id).map((p) => p.slug));
    for (const post of page.data) expect(post.category.slug).toBe('recipes');
    expect(((await get<never>('/api/blog?category=nope')).body.posts as Paginated<BlogPost>).total).toBe(0);
  });

  it('answers bad paging with 422', async () => {
    expect((await get('/api/blog?page=0')).status).toBe(422);
    expect((await get('/api/blog?page=abc')).status).toBe(422);
  });

  it('strips scripts, event handlers and javascript: links from post bodies', async () => {
    const list = (await get<never>('/api/blog')).body.posts as Paginated<BlogPost>;
    const listed = list.data.find((p) => p.slug === evilPostSlug)!;
    expectClean(listed.body);
    expect(listed.body).toContain('<strong>neighbours</strong>');
    expect(listed.body).toContain('rel="noopener noreferrer"');
    const detail = await get<{ post: BlogPost }>(`/api/blog/${evilPostSlug}`);
    expectClean(detail.body.data.post.body);
  });
});

describe('GET /api/blog/categories and /api/blog/{slug}', () => {
  it('counts the published posts of each category', async () => {
    const res = await get<BlogCategory[]>('/api/blog/categories');
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(blogPosts);
    for (const category of res.body.data) {
      const published = rows.filter(
        (p) => p.categoryId === category.id && p.publishedAt !== null && p.publishedAt.getTime() <= Date.now(),
      );
      expect(category.posts_count, category.slug).toBe(published.length);
    }
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
  });

  it('answers a post with related posts of its category', async () => {
    const slug = 'meet-kemal-of-green-barrow-greengrocer';
    const res = await get<{ post: BlogPost; related: BlogPost[] }>(`/api/blog/${slug}`);
    expect(res.status).toBe(200);
    const { post, related } = res.body.data;
    expect(post).toMatchObject({ slug, category: { slug: 'shop-profiles' } });
    expect(post.published_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    for (const other of related) {
      expect(other.slug).not.toBe(slug);
      expect(other.category.slug).toBe('shop-profiles');
    }
  });

  it('answers 404 for an unknown or scheduled post', async () => {
    for (const slug of ['no-such-post', 'scheduled-post']) {
      const res = await get(`/api/blog/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body.status).toBe(false);
    }
  });
});

describe('GET /api/ubm-offers', () => {
  it('lists live deals only: active, started, not ended, not from a closed shop', async () => {
    const db = t.database.db;
    const [closed] = await db
      .insert(shops)
      .values({ name: 'Closed Deals', slug: 'closed-deals', address: '1 Gone', postcode: 'E1 6AN', isActive: false })
      .returning();
    const now = Date.now();
    const base = { description: 'Test deal' };
    await db.insert(deals).values([
      { ...base, title: 'Expired deal', startsAt: new Date(now - 10 * DAY), endsAt: new Date(now - DAY) },
      { ...base, title: 'Inactive deal', isActive: false },
      { ...base, title: 'Future deal', startsAt: new Date(now + DAY), endsAt: new Date(now + 10 * DAY) },
      { ...base, title: 'Closed shop deal', shopId: closed!.id },
      { ...base, title: 'Open-ended deal', link: 'javascript:alert(1)' },
      { ...base, title: 'Ends tomorrow', startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) },
    ]);
    const rows = await db.select().from(deals);
    const liveTitles = rows
      .filter(
        (d) =>
          d.isActive &&
          (!d.startsAt || d.startsAt.getTime() <= now) &&
          (!d.endsAt || d.endsAt.getTime() > now) &&
          d.shopId !== closed!.id,
      )
      .map((d) => d.title);

    const res = await get<Paginated<Deal>>('/api/ubm-offers');
    expect(res.status).toBe(200);
    const titles = res.body.data.data.map((d) => d.title);
    expect(res.body.data.total).toBe(liveTitles.length);
    expect(titles.sort()).toEqual([...liveTitles].sort());
    for (const hidden of ['Expired deal', 'Inactive deal', 'Future deal', 'Closed shop deal']) {
      expect(titles).not.toContain(hidden);
    }
    // Newest first (the contract's default for lists; by id, deals keeping no creation time).
    const ordered = res.body.data.data;
    expect(ordered[0]!.title).toBe('Ends tomorrow');
    const ids = ordered.map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ordered.find((d) => d.title === 'Open-ended deal')!.link).toBeNull();
    expect(ordered.find((d) => d.shop)?.shop).toMatchObject({ id: expect.any(Number), slug: expect.any(String) });
  });

  it('answers a page beyond the end with no data, and bad paging with 422', async () => {
    expect((await get<Paginated<Deal>>('/api/ubm-offers?page=50')).body.data.data).toEqual([]);
    expect((await get('/api/ubm-offers?page=-1')).status).toBe(422);
  });
});

describe('POST /api/contact-email', () => {
  const valid = {
    name: 'Amélie O. Smith-Jones',
    email: 'amelie@example.com',
    phone: '020 7946 0999',
    subject: 'Opening hours',
    message: 'Are you open on bank holidays?',
  };
  let ip = 0;
  const send = (payload: unknown, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact-email', payload: payload as object, remoteAddress });

  it('stores the message and mails it to the site e-mail at once', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: {} });
    expect(res.json().message).toBeTruthy();

    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(stored).toMatchObject({
      name: valid.name,
      subject: valid.subject,
      message: valid.message,
      phone: valid.phone,
    });
    const [site] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'email'));
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(site!.value);
    expect(mails[0]!.text).toContain(valid.message);
    expect(mails[0]!.text).toContain(valid.email);
    // Handed to the mailer straight away (without SMTP_URL it is marked logged), not left for the sweep.
    await t.app.mailer.idle();
    const [handled] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(handled?.status).toBe('logged');
  });

  it('answers 422 naming each bad field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, email: 'a@b' }, 'email'],
      [{ ...valid, name: 'R2-D2' }, 'name'],
      [{ ...valid, name: '<b>Bob</b>' }, 'name'],
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, subject: '' }, 'subject'],
      [{ ...valid, subject: 'Hi\r\nBcc: x@y.z' }, 'subject'],
      [{ ...valid, message: 'short' }, 'message'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
      [{ ...valid, phone: 'call me' }, 'phone'],
      [{ name: valid.name }, 'email'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(res.json().errors[field]?.length, field).toBeGreaterThan(0);
    }
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('accepts a message without a phone number', async () => {
    const { phone: _phone, ...noPhone } = valid;
    expect((await send({ ...noPhone, email: 'nophone@example.com' })).statusCode).toBe(200);
  });

  it('rate limits one address to 5 messages a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await send({ ...valid, email: `r${i}@example.com` }, '10.9.9.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send(valid, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents every storefront route with tags and a summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes: [string, 'get' | 'post'][] = [
      ['/api/home', 'get'],
      ['/api/pages', 'get'],
      ['/api/blog', 'get'],
      ['/api/blog/categories', 'get'],
      ['/api/blog/{slug}', 'get'],
      ['/api/ubm-offers', 'get'],
      ['/api/contact-email', 'post'],
      ['/api/shops', 'get'],
      ['/api/shop/{slug}', 'get'],
      ['/api/shop/{slug}/data', 'get'],
      ['/api/shop/{slug}/product', 'get'],
      ['/api/vendor', 'get'],
      ['/api/search', 'post'],
    ];
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags?.length, path).toBeGreaterThan(0);
      expect(operation.summary, path).toBeTruthy();
      expect(operation.responses['200'], path).toBeTruthy();
    }
  });
});
