import { describe, expect, it } from 'vitest';
import { absoluteLinks, headHtml, headTags, scriptJson, shortDescription } from './page-head';

const origin = 'https://parade.example';

describe('a page head', () => {
  it('names the page, its canonical URL without the query (a list page number kept) and its picture, absolute', () => {
    const tags = headTags(
      {
        title: 'Sourdough 800g from Green Barrow',
        description: 'Baked daily.',
        image: '/uploads/p/1.jpg',
        type: 'product',
      },
      origin,
      '/green-barrow/product/sourdough/800g?utm_source=chat',
    );
    const attr = (key: string, value: string) =>
      tags.find((t) => t.tag !== 'title' && t.attrs[key as keyof typeof t.attrs] === value);
    expect(tags[0]).toEqual({ tag: 'title', text: 'Sourdough 800g from Green Barrow | Parade' });
    expect(attr('rel', 'canonical')).toMatchObject({
      attrs: { href: 'https://parade.example/green-barrow/product/sourdough/800g' },
    });
    expect(attr('property', 'og:image')).toMatchObject({
      attrs: { content: 'https://parade.example/uploads/p/1.jpg' },
    });
    expect(attr('property', 'og:type')).toMatchObject({ attrs: { content: 'product' } });
    expect(attr('name', 'twitter:card')).toMatchObject({ attrs: { content: 'summary_large_image' } });
    expect(attr('name', 'robots')).toBeUndefined();

    const list = headTags({ title: 'All products' }, origin, '/products?page=3&sort=sortNew');
    expect(list.find((t) => t.tag === 'link')).toMatchObject({
      attrs: { href: 'https://parade.example/products?page=3' },
    });
    // A category's (or brand's, or shop's) list is a page of its own; its sort, price band and
    // search are not, and its page 1 is the list itself.
    const category = (path: string) =>
      headTags({ title: 'Fruit & Veg' }, origin, path).find((t) => t.tag === 'link')?.attrs.href;
    expect(category('/products?sort=sortLowPrice&category=fruit-and-veg&page=2&min_price=100')).toBe(
      'https://parade.example/products?category=fruit-and-veg&page=2',
    );
    expect(category('/products?brand=hovis&sub=bread&category=bakery&page=1&search=loaf')).toBe(
      'https://parade.example/products?category=bakery&sub=bread&brand=hovis',
    );
  });

  it('falls back to the site description and picture, and marks pages not to index', () => {
    const tags = headTags({ noIndex: true }, origin, '/nope');
    expect(tags[0]).toEqual({ tag: 'title', text: 'Parade | Your local parade of shops' });
    expect(headHtml(tags)).toContain('<meta data-page-head name="robots" content="noindex">');
    expect(headHtml(tags)).toContain('content="https://parade.example/icons/icon-512.png"');
    // A page of nothing (a list past its last page) is not indexed either.
    expect(headHtml(headTags({ notFound: true }, origin, '/products?page=9'))).toContain(
      '<meta data-page-head name="robots" content="noindex">',
    );
    expect(headHtml(headTags({}, origin, '/products'))).not.toContain('name="robots"');
  });

  it('cuts a long description at a word, and escapes what it writes', () => {
    const long = `${'Fresh bread baked every morning. '.repeat(10)}`;
    const cut = shortDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
    const html = headHtml(headTags({ title: 'A "quoted" <b>title</b> & more' }, origin, '/'));
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more | Parade</title>');
  });

  it('writes JSON-LD that no text can close early, with its links absolute', () => {
    const tags = headTags(
      {
        jsonLd: [{ '@type': 'Product', name: 'Evil </script><script>alert(1)</script>', url: '/p', image: ['/a.jpg'] }],
      },
      origin,
      '/p',
    );
    const script = headHtml(tags).split('\n').at(-1) ?? '';
    expect(script.startsWith('<script data-page-head type="application/ld+json">')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = JSON.parse(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json).toEqual({
      '@type': 'Product',
      name: 'Evil </script><script>alert(1)</script>',
      url: 'https://parade.example/p',
      image: ['https://parade.example/a.jpg'],
    });
    expect(scriptJson('\u2028')).toBe('"\\u2028"');
    // A search template keeps its braces.
    expect(absoluteLinks({ urlTemplate: '/products?search={q}' }, origin)).toEqual({
      urlTemplate: 'https://parade.example/products?search={q}',
    });
  });
});
