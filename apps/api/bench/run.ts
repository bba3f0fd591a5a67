/**
 * `npm run bench`: latency and memory of the main read paths, on the seeded demo database,
 * through the real app (app.inject: no network noise). Prints a table; asserts nothing.
 * BENCH_REQUESTS sets requests per endpoint (default 200). Uses TEST_DATABASE_URL when set.
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '../src/test/build-test-app';

const requestsPerEndpoint = Number(process.env.BENCH_REQUESTS ?? 200);

const endpoints: { name: string; method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
  { name: 'health', method: 'GET', url: '/api/health' },
  { name: 'settings', method: 'GET', url: '/api/app/setting' },
  { name: 'categories', method: 'GET', url: '/api/categories' },
  { name: 'home', method: 'GET', url: '/api/home' },
  { name: 'products (default)', method: 'GET', url: '/api/products' },
  { name: 'products (filtered)', method: 'GET', url: '/api/products?sort_by=price&sort_high=0&page=2' },
  { name: 'search', method: 'POST', url: '/api/search', payload: { search: 'bread' } },
  { name: 'shops', method: 'GET', url: '/api/shops' },
  { name: 'blog', method: 'GET', url: '/api/blog' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const t = await buildTestApp({ seed: true });
const rows: Record<string, string | number>[] = [];
try {
  for (const endpoint of endpoints) {
    const first = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      payload: endpoint.payload as object,
    });
    if (first.statusCode !== 200) {
      rows.push({ endpoint: endpoint.name, status: first.statusCode, 'p50 ms': '-', 'p95 ms': '-', 'req/s': '-' });
      continue;
    }
    const timings: number[] = [];
    const started = performance.now();
    for (let i = 0; i < requestsPerEndpoint; i++) {
      const t0 = performance.now();
      await t.app.inject({ method: endpoint.method, url: endpoint.url, payload: endpoint.payload as object });
      timings.push(performance.now() - t0);
    }
    const elapsed = performance.now() - started;
    timings.sort((a, b) => a - b);
    rows.push({
      endpoint: endpoint.name,
      status: 200,
      'p50 ms': percentile(timings, 50).toFixed(2),
      'p95 ms': percentile(timings, 95).toFixed(2),
      'req/s': Math.round((requestsPerEndpoint / elapsed) * 1000),
    });
  }
} finally {
  await t.close();
}

console.log(`\nParade API benchmark (${t.database.kind}, ${requestsPerEndpoint} requests per endpoint, sequential)`);
console.table(rows);
const memory = process.memoryUsage();
console.table({
  'rss MiB': (memory.rss / 2 ** 20).toFixed(1),
  'heap used MiB': (memory.heapUsed / 2 ** 20).toFixed(1),
});
