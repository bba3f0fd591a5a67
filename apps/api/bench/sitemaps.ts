/**
 * The SITEMAPS table of `npm run bench -- --only SITEMAP` (issue 25: "`sitemap.xml` lists every
 * listable product, a bench row at 1M"). It reads `/sitemap.xml` (the index) and then every
 * sitemap file the index lists, as a crawler would: once one file after another, then again with
 * a few files at a time. Per pass: files, URLs (product URLs apart), bytes, the time for the whole
 * set (the index included), each file's time to its last byte (p50 and max, and which file was
 * slowest), the largest file's URL count (the protocol's limit is 50,000), any file that did not
 * answer 200 or was cut short, the server's CPU time over the pass (on a shared machine the
 * wall time is mostly waiting for a core) and its resident memory sampled during the pass. The
 * product URLs are then compared with the products the sitemaps should list, counted in the
 * database by the catalogue's own rule (productSitemapTotal, in run.ts).
 */
import { readFileSync } from 'node:fs';

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

interface FileResult {
  path: string;
  status: number;
  ms: number;
  bytes: number;
  urls: number;
  /** The document ended with its closing tag (not cut short). */
  complete: boolean;
}

export interface CrawlPass {
  name: string;
  concurrency: number;
  files: FileResult[];
  indexMs: number;
  totalMs: number;
  /** Highest resident memory of the server sampled every 20 ms during the pass (MiB), if known. */
  peakRssMiB: number | null;
  /** The server's CPU time over the pass (user + system, s), if known. */
  cpuSeconds: number | null;
}

/** A process's CPU time so far (user + system, s) from /proc/<pid>/stat (Linux), or null elsewhere. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, utime 14 and stime 15 (clock ticks).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function read(origin: string, path: string): Promise<FileResult & { text: string }> {
  const started = performance.now();
  const reply = await fetch(`${origin}${path}`, {
    headers: { 'user-agent': 'parade-bench-crawler', 'x-forwarded-for': '10.252.0.1' },
  });
  const text = await reply.text();
  const ms = performance.now() - started;
  const urls = (text.match(/<url>/g) ?? []).length;
  const complete = /<\/(urlset|sitemapindex)>\s*$/.test(text);
  return { path, status: reply.status, ms, bytes: Buffer.byteLength(text), urls, complete, text };
}

/** The sitemap files an index lists, as paths on the server. */
export function sitemapPaths(indexXml: string): string[] {
  return [...indexXml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname,
  );
}

/** One crawl: the index, then every file it lists, `concurrency` at a time. */
export async function crawl(
  origin: string,
  name: string,
  concurrency: number,
  server: { rss: () => number | null; cpu: () => number | null },
): Promise<CrawlPass> {
  const { rss } = server;
  const cpuBefore = server.cpu();
  let peak: number | null = rss();
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 20);
  try {
    const started = performance.now();
    const index = await read(origin, '/sitemap.xml');
    if (index.status !== 200) throw new Error(`/sitemap.xml: ${index.status}`);
    const paths = sitemapPaths(index.text);
    const files: FileResult[] = new Array(paths.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, paths.length) }, async () => {
        while (next < paths.length) {
          const i = next++;
          const { text: _text, ...result } = await read(origin, paths[i]!);
          files[i] = result;
        }
      }),
    );
    const totalMs = performance.now() - started;
    const cpuAfter = server.cpu();
    const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    return { name, concurrency, files, indexMs: index.ms, totalMs, peakRssMiB: peak, cpuSeconds: cpu };
  } finally {
    clearInterval(sampler);
  }
}

const isProductFile = (path: string) => /^\/sitemaps\/products-\d+\.xml$/.test(path);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const int = (n: number) => Math.round(n).toLocaleString('en-GB');

/** The table's header and rows, one row per pass. */
export function crawlTable(passes: CrawlPass[]): { header: string[]; body: string[][] } {
  const header = [
    'SITEMAPS crawl',
    'c',
    'files',
    'URLs',
    'product URLs',
    'MB (as read, uncompressed)',
    'whole set s',
    'index ms',
    'per file p50 / max ms',
    'slowest file',
    'most URLs in a file',
    'not 200 or cut short',
    'server CPU s',
    'server RSS max MiB',
  ];
  const body = passes.map((pass) => {
    const times = pass.files.map((f) => f.ms);
    const slowest = pass.files.reduce((a, b) => (b.ms > a.ms ? b : a), pass.files[0]!);
    const bad = pass.files.filter((f) => f.status !== 200 || !f.complete);
    return [
      pass.name,
      String(pass.concurrency),
      String(pass.files.length),
      int(pass.files.reduce((sum, f) => sum + f.urls, 0)),
      int(pass.files.filter((f) => isProductFile(f.path)).reduce((sum, f) => sum + f.urls, 0)),
      (pass.files.reduce((sum, f) => sum + f.bytes, 0) / 1e6).toFixed(1),
      (pass.totalMs / 1000).toFixed(2),
      int(pass.indexMs),
      `${int(percentile(times, 50))} / ${int(Math.max(...times))}`,
      slowest ? slowest.path.replace('/sitemaps/', '') : '',
      int(Math.max(...pass.files.map((f) => f.urls))),
      bad.length ? bad.map((f) => `${f.path} ${f.status}${f.complete ? '' : ' cut short'}`).join(', ') : '0',
      pass.cpuSeconds === null ? 'n/a' : pass.cpuSeconds.toFixed(1),
      pass.peakRssMiB === null ? 'n/a' : pass.peakRssMiB.toFixed(0),
    ];
  });
  return { header, body };
}

/**
 * The checks of issue 25 on a pass: every listable product listed once (the product URLs equal the
 * database's count; `listable` null when it could not be counted), no file over 50,000 URLs, every
 * file 200 and whole. Answers the lines to print and whether all held.
 */
export function crawlChecks(pass: CrawlPass, listable: number | null): { lines: string[]; ok: boolean } {
  const productUrls = pass.files.filter((f) => isProductFile(f.path)).reduce((sum, f) => sum + f.urls, 0);
  const largest = Math.max(...pass.files.map((f) => f.urls));
  const bad = pass.files.filter((f) => f.status !== 200 || !f.complete);
  const lines: string[] = [];
  let ok = true;
  if (listable === null) {
    lines.push(`product URLs: ${int(productUrls)} (listable products not counted: see above)`);
  } else if (productUrls === listable) {
    lines.push(
      `every listable product listed: yes (${int(productUrls)} product URLs = ${int(listable)} listable products)`,
    );
  } else {
    ok = false;
    lines.push(
      `MISMATCH: the product sitemaps list ${int(productUrls)} URLs, the database has ${int(listable)} listable products ` +
        `(${productUrls > listable ? `${int(productUrls - listable)} too many` : `${int(listable - productUrls)} missing`})`,
    );
  }
  if (largest > SITEMAP_URL_LIMIT) {
    ok = false;
    lines.push(`OVER THE LIMIT: a file has ${int(largest)} URLs (at most ${int(SITEMAP_URL_LIMIT)})`);
  } else lines.push(`each file at most ${int(SITEMAP_URL_LIMIT)} URLs: yes (largest ${int(largest)})`);
  if (bad.length) {
    ok = false;
    lines.push(
      `FAILED FILES: ${bad.map((f) => `${f.path} (${f.status}${f.complete ? '' : ', cut short'})`).join(', ')}`,
    );
  }
  return { lines, ok };
}
