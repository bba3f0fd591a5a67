import { describe, expect, it } from 'vitest';
import { type SitemapUrl, urlSetXml, urlSetXmlChunks } from './sitemap-xml';

async function* batches(...lists: SitemapUrl[][]) {
  yield* lists;
}

async function written(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe('a sitemap written as it is read', () => {
  const urls: SitemapUrl[] = Array.from({ length: 7 }, (_, i) => ({
    loc: `https://parade.test/shop-${i}/product/a&b-${i}/v`,
    lastmod: i % 2 ? new Date(Date.UTC(2026, 10, i + 1)) : undefined,
  }));

  it('is byte for byte the sitemap written whole, however the URLs come in batches', async () => {
    const whole = urlSetXml(urls);
    expect(await written(urlSetXmlChunks(batches(urls)))).toBe(whole);
    expect(await written(urlSetXmlChunks(batches([], urls.slice(0, 3), [], urls.slice(3), [])))).toBe(whole);
    expect(await written(urlSetXmlChunks(batches(...urls.map((u) => [u]))))).toBe(whole);
    expect(await written(urlSetXmlChunks(batches()))).toBe(urlSetXml([]));
    expect(await written(urlSetXmlChunks(batches([], [])))).toBe(urlSetXml([]));
  });
});
