import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { apiServerFile, buildApiIfNeeded } from './build-api.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

/**
 * `npm run bench:web [-- --markdown] [-- --runs 3] [-- --pages home,shop] [-- --url http://host:port]`: Lighthouse (mobile
 * form factor, its default throttling) on the five pages issue 25 names: the home page, /products,
 * a product page, a shop's page and My Offer as a QR poster opens it, against the production build
 * served by the real server (NODE_ENV=production, PGlite in a throw-away DATA_DIR with the demo
 * seed, a free port). Prints performance, accessibility, SEO, best practices, FCP, LCP, CLS and TBT
 * per page; each page is measured --runs times (3 by default) and the median run (by performance)
 * kept.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Math.max(1, Number(option('--runs') ?? 3));
// `--pages home,shop`: only these of the five (home, products, product, shop, my-offer).
const onlyPages = option('--pages')?.split(',');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms`);
}

/** Starts the real server on the built apps; returns its URL and a stop function. */
async function startServer() {
  buildIfNeeded();
  await buildApiIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-bench-web-'));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...serverNodeFlags, apiServerFile], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      GEOCODER: 'demo',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(url, server);
  return {
    url,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real product page, and its shop's: the first card of /api/products. */
async function productAndShopPaths(url) {
  // Right after its start (the demo seed, the first reads of its indexes) a server may shed a
  // request or two with 503 until its event loop settles: ask again for a while.
  let reply;
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(`${url}/api/products?per_page=1`);
    reply = await response.json();
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const card = reply.data?.products?.data?.[0];
  if (!card) throw new Error('No product found in /api/products');
  return {
    product: `/${card.shop.slug}/product/${card.slug}/${card.variation.slug}`,
    shop: `/vendor/${card.shop.slug}`,
  };
}

/** My Offer as a shop's QR poster opens it: a live code of the demo's Green Barrow, made by its vendor. */
async function myOfferPath(url) {
  const post = async (apiPath, body, token) => {
    const response = await fetch(`${url}/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
    return (await response.json()).data;
  };
  const { access_token: token } = await post('auth/login', {
    email: 'vendor.green-barrow@parade.test',
    password: 'parade-vendor-2026',
  });
  const { qr_code_url: qrUrl } = await post('vendor-offers/vendor/qr-code/generate', {}, token);
  const target = new URL(qrUrl);
  return `${target.pathname}${target.search}`;
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'parade-lighthouse-'));

async function measure(chrome, url, name) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    formFactor: 'mobile',
  });
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  const reportFile = path.join(reportDir, `${name}.json`);
  writeFileSync(reportFile, JSON.stringify(result.lhr));
  if (runtimeError) console.error(`${name}: ${runtimeError.code} ${runtimeError.message}`);
  for (const warning of runWarnings ?? []) console.error(`${name}: ${warning}`);
  return {
    reportFile,
    runtimeError: runtimeError?.code,
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    seo: Math.round(categories.seo.score * 100),
    bestPractices: Math.round(categories['best-practices'].score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
    lcpElement: audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet,
    failedA11y: Object.values(audits)
      .filter((a) => a.score === 0 && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
    failedOther: Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          ['seo', 'best-practices'].some((c) =>
            result.lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
          ),
      )
      .map((a) => a.id),
  };
}

const seconds = (ms) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));

function table(rows) {
  const head = ['page', 'perf', 'a11y', 'SEO', 'BP', 'FCP s', 'LCP s', 'CLS', 'TBT ms'];
  const cells = rows.map((r) => [
    r.page,
    String(r.performance),
    String(r.accessibility),
    String(r.seo),
    String(r.bestPractices),
    seconds(r.fcp),
    seconds(r.lcp),
    r.cls === undefined ? '-' : r.cls.toFixed(3),
    r.tbt === undefined ? '-' : String(Math.round(r.tbt)),
  ]);
  if (markdown) {
    return [
      `| ${head.join(' | ')} |`,
      `|${head.map(() => '---').join('|')}|`,
      ...cells.map((c) => `| ${c.join(' | ')} |`),
    ].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  return [line(head), ...cells.map(line)].join('\n');
}

const given = option('--url');
const server = given ? { url: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
let chrome;
try {
  const { product, shop } = await productAndShopPaths(server.url);
  const pages = [
    ['home', '/'],
    ['products', '/products'],
    ['product', product],
    ['shop', shop],
    ['my-offer', await myOfferPath(server.url)],
  ].filter(([page]) => !onlyPages || onlyPages.includes(page));
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const rows = [];
  for (const [page, pagePath] of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART) and scores the run 0: such a
      // run is measured again (twice at most), not counted.
      let result = await measure(chrome, server.url + pagePath, `${page}-${i + 1}`);
      for (let retry = 1; result.runtimeError && retry <= 2; retry += 1)
        result = await measure(chrome, server.url + pagePath, `${page}-${i + 1}-retry-${retry}`);
      results.push(result);
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    rows.push({ page: page === 'home' ? page : `${page} ${pagePath.split('?')[0]}`, ...median });
    if (args.includes('--verbose'))
      console.error(
        `${page}: LCP element ${median.lcpElement ?? '?'}; failed a11y audits: ${median.failedA11y.join(', ') || 'none'}; SEO/best-practice audits short of full marks: ${median.failedOther.join(', ') || 'none'}; report ${median.reportFile}`,
      );
  }
  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs by performance; of an even number, the upper one) ` : ''}mobile, ${server.url}`,
  );
  console.log(table(rows));
} finally {
  await chrome?.kill();
  await server.stop();
}
